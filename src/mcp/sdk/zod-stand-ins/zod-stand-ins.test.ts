// The worker build's stand-ins for zod's JSON Schema converter (server/vite-sdk-stand-ins-plugin.ts): each exports
// exactly the names of the zod file it replaces, making a schema still works, and only a conversion throws.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { zodStandIns } from '../../../../server/vite-sdk-stand-ins-plugin';
import * as processorsOff from './json-schema-processors-off';
import * as toJsonSchemaOff from './to-json-schema-off';

const zod = resolve('node_modules/zod');
const standIns: Record<string, object> = {
  'to-json-schema-off.ts': toJsonSchemaOff,
  'json-schema-processors-off.ts': processorsOff,
};

/** Worker-side source files (what the engine worker bundles), tests aside. */
function workerSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? workerSources(join(dir, entry.name))
      : /\.ts$/.test(entry.name) && !entry.name.includes('.test.')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('zod JSON Schema stand-ins', () => {
  it('export exactly the names of the zod files they replace', async () => {
    for (const [file, standIn] of Object.entries(zodStandIns)) {
      const real = (await import(pathToFileURL(join(zod, file)).href)) as object;
      expect(Object.keys(standIns[standIn] ?? {}).sort(), file).toEqual(Object.keys(real).sort());
    }
  });

  it('hand out converters when a schema is made or read, which throw only when asked to convert', () => {
    expect(typeof toJsonSchemaOff.createToJSONSchemaMethod()).toBe('function');
    expect(() => toJsonSchemaOff.createStandardJSONSchemaMethod()()).toThrow(/not in Loupe's engine worker/);
    expect(() => processorsOff.stringProcessor()).toThrow(/not in Loupe's engine worker/);
    expect(() => processorsOff.toJSONSchema()).toThrow(/not in Loupe's engine worker/);
  });

  it('are never needed by the worker side: no worker source converts a zod schema to JSON Schema', () => {
    const callers = ['engine', 'mcp', 'providers', 'worker', 'shared']
      .flatMap((layer) => workerSources(resolve('src', layer)))
      .filter((file) => !file.includes('zod-stand-ins'))
      .filter((file) => /toJSONSchema|\.jsonSchema\.(input|output)\b/.test(readFileSync(file, 'utf8')));
    expect(callers).toEqual([]);
  });
});
