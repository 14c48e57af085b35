// The SDK stand-ins plugin replaces only the SDK's own imports of the listed files.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
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
