// The SDK stand-ins plugin replaces only the packages' own imports of the listed files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sdkStandInsPlugin } from './vite-sdk-stand-ins-plugin';

const sdk = resolve('node_modules/@anthropic-ai/sdk');
const standIns = resolve('src/providers/anthropic/sdk-stand-ins');

describe('sdkStandInsPlugin', () => {
  const plugin = sdkStandInsPlugin();

  it('maps the SDK’s relative imports of a replaced file, from any folder of the SDK', () => {
    expect(plugin.resolveId('./internal/tracing.mjs', resolve(sdk, 'client.mjs'))).toBe(
      resolve(standIns, 'tracing-off.ts'),
    );
    expect(plugin.resolveId('../internal/tracing.mjs', resolve(sdk, 'core/api-promise.mjs'))).toBe(
      resolve(standIns, 'tracing-off.ts'),
    );
    expect(plugin.resolveId('./tracing.mjs', resolve(sdk, 'internal/uploads.mjs'))).toBe(
      resolve(standIns, 'tracing-off.ts'),
    );
    expect(plugin.resolveId('./lib/credentials/credential-chain.mjs', resolve(sdk, 'client.mjs') + '?v=1')).toBe(
      resolve(standIns, 'credentials-off.ts'),
    );
  });

  it('leaves every other import alone', () => {
    expect(plugin.resolveId('./core/streaming.mjs', resolve(sdk, 'client.mjs'))).toBeNull();
    expect(plugin.resolveId('./tracing.mjs', resolve('node_modules/other/internal/uploads.mjs'))).toBeNull();
    expect(plugin.resolveId('./internal/tracing.mjs', resolve('src/providers/anthropic/x.ts'))).toBeNull();
    expect(plugin.resolveId('@anthropic-ai/sdk/client', resolve('src/x.ts'))).toBeNull();
    expect(plugin.resolveId('./internal/tracing.mjs', undefined)).toBeNull();
  });
});

describe('sdkStandInsPlugin with the worker build’s own stand-ins', () => {
  const zod = resolve('node_modules/zod');
  const zodStandIns = resolve('src/mcp/sdk/zod-stand-ins');

  it('maps zod’s own imports of its JSON Schema converter only when asked to', () => {
    const classic = resolve(zod, 'v4/classic/schemas.js');
    expect(sdkStandInsPlugin().resolveId('../core/to-json-schema.js', classic)).toBeNull();
    const plugin = sdkStandInsPlugin({ worker: true });
    expect(plugin.resolveId('../core/to-json-schema.js', classic)).toBe(resolve(zodStandIns, 'to-json-schema-off.ts'));
    expect(plugin.resolveId('./json-schema-processors.js', resolve(zod, 'v4/core/index.js'))).toBe(
      resolve(zodStandIns, 'json-schema-processors-off.ts'),
    );
    expect(plugin.resolveId('../core/schemas.js', classic)).toBeNull();
    expect(plugin.resolveId('./to-json-schema.js', resolve('src/mcp/x.ts'))).toBeNull();
  });

  it('gives the MCP client the lazy eventsource, and nothing else its name', () => {
    const client = resolve('node_modules/@modelcontextprotocol/client/dist/index.mjs');
    expect(sdkStandInsPlugin().resolveId('eventsource', client)).toBeNull();
    const plugin = sdkStandInsPlugin({ worker: true });
    expect(plugin.resolveId('eventsource', client)).toBe(resolve('src/mcp/sdk/lazy-event-source.ts'));
    expect(plugin.resolveId('eventsource-parser/stream', client)).toBeNull();
    expect(plugin.resolveId('eventsource', resolve('src/mcp/sdk/lazy-event-source.ts'))).toBeNull();
    expect(plugin.resolveId('eventsource', resolve('node_modules/other/index.mjs'))).toBeNull();
  });

  it('leaves a bundle whose zod parses and reports as the real one, and refuses only a conversion', async () => {
    const entry = resolve('loupe-zod-entry.js');
    const out = await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'entry',
          resolveId: (id: string) => (id === entry ? id : null),
          load: (id: string) =>
            id === entry
              ? `import * as z from 'zod/v4';
                 export const schema = z.object({ a: z.string().min(2), b: z.array(z.number()).optional() });
                 export const toJSONSchema = z.toJSONSchema;`
              : null,
        },
        sdkStandInsPlugin({ worker: true }),
      ],
      build: { write: false, minify: false, rolldownOptions: { input: entry, preserveEntrySignatures: 'strict' } },
    });
    const [chunk] = ((Array.isArray(out) ? out[0] : out) as { output: { code: string; moduleIds: string[] }[] }).output;
    expect(chunk?.moduleIds).toContain(resolve(zodStandIns, 'to-json-schema-off.ts'));
    expect(chunk?.moduleIds).not.toContain(resolve(zod, 'v4/core/to-json-schema.js'));
    const dir = mkdtempSync(join(tmpdir(), 'loupe-zod-'));
    writeFileSync(join(dir, 'bundle.mjs'), chunk?.code ?? '');
    const bundled = (await import(pathToFileURL(join(dir, 'bundle.mjs')).href)) as {
      schema: z.ZodType;
      toJSONSchema: typeof z.toJSONSchema;
    };
    rmSync(dir, { recursive: true });
    const real = z.object({ a: z.string().min(2), b: z.array(z.number()).optional() });
    for (const value of [{ a: 'ok', b: [1] }, { a: 'x' }, { a: 1, b: ['no'] }, null])
      expect(bundled.schema.safeParse(value)).toEqual(real.safeParse(value));
    expect(await bundled.schema['~standard'].validate({ a: 1 })).toEqual(await real['~standard'].validate({ a: 1 }));
    expect(() => bundled.toJSONSchema(bundled.schema)).toThrow(/not in Loupe's engine worker/);
  });
});
