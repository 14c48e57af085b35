// The e2e stack serves a kept production build only while the hash of what the build reads is the same: the
// hash must take in the app's source and the environment the build bakes in, and leave out what it never reads.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const { listBuildInputs, hashBuildInputs } = (await import(
  pathToFileURL(join(process.cwd(), 'scripts/checks/build-inputs.mjs')).href
)) as { listBuildInputs: () => string[]; hashBuildInputs: (env?: Record<string, string | undefined>) => string };

describe('build inputs', () => {
  it('are the source, public files, the Vite config and its server plugins; not tests, specs or docs', () => {
    const inputs = listBuildInputs();
    expect(inputs).toEqual(
      expect.arrayContaining([
        'index.html',
        'vite.config.ts',
        'package-lock.json',
        'src/app/main.tsx',
        'server/vite-security-headers-plugin.ts',
      ]),
    );
    expect(inputs.filter((path) => /\.test\.tsx?$|^e2e\/|^test\/|^docs\/|\.md$/.test(path))).toEqual([]);
  });

  it('hash the environment the build bakes in (VITE_*, LOUPE_*) and nothing else of it', () => {
    const base = { PATH: '/bin', VITE_DEMO_SERVER_URL: 'http://127.0.0.1:1/mcp' };
    const hash = hashBuildInputs(base);
    expect(hashBuildInputs({ ...base })).toBe(hash);
    expect(hashBuildInputs({ ...base, PATH: '/usr/bin' })).toBe(hash);
    expect(hashBuildInputs({ ...base, VITE_DEMO_SERVER_URL: 'http://127.0.0.1:2/mcp' })).not.toBe(hash);
    expect(hashBuildInputs({ ...base, LOUPE_PUBLIC_ORIGIN: 'http://127.0.0.1:3' })).not.toBe(hash);
  });
});
