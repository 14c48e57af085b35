// Vite plugin: Loupe's OAuth Client ID Metadata Document written for the origin it is deployed at. The copy in
// public/oauth/ names a placeholder origin; `LOUPE_PUBLIC_ORIGIN=https://loupe.example.com npm run build`
// rewrites it for the real one (the worker uses the document only when it names the page's own URL).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { buildClientMetadataDocument, CLIENT_METADATA_PATH } from '../src/shared/client-metadata-document.ts';

/** The origin of `LOUPE_PUBLIC_ORIGIN` (scheme, host and port only), or undefined when unset or not a URL. */
export function publicOriginOf(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`LOUPE_PUBLIC_ORIGIN is not a URL: ${value}`);
  }
}

export function clientMetadataPlugin(origin = publicOriginOf(process.env['LOUPE_PUBLIC_ORIGIN'])): Plugin {
  let outDir = 'dist';
  return {
    name: 'loupe-client-metadata',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      if (origin === undefined) return;
      const document = `${JSON.stringify(buildClientMetadataDocument(origin), null, 2)}\n`;
      await writeFile(join(outDir, CLIENT_METADATA_PATH), document);
    },
  };
}
