// The worker build's stand-ins for parts of the Anthropic SDK (server/vite-sdk-stand-ins-plugin.ts): every name the
// SDK imports from a replaced file exists, and what the client calls with tracing off behaves as the real module.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anthropicSdkStandIns } from '../../../../server/vite-sdk-stand-ins-plugin';
import * as credentialsOff from './credentials-off';
import * as tracingOff from './tracing-off';
import { sdkModules } from '../../../../test/support/sdk-modules';

const sdk = resolve('node_modules/@anthropic-ai/sdk');
// The SDK's own module (not in its package exports): what the stand-in must match.
const realTracing = (await import(pathToFileURL(join(sdk, 'internal/tracing.mjs')).href)) as {
  resolveOpenTelemetryOptions(option: unknown): unknown;
  getTracer(option: unknown, version: string): unknown;
};

/** SDK file (relative to the package) → the names SDK modules import from it. */
function importedNames(): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const file of sdkModules(sdk))
    for (const match of readFileSync(file, 'utf8').matchAll(
      /import\s*(\*\s*as\s*\w+|\{([^}]*)\})\s*from\s*"(\.[^"]+)"/g,
    )) {
      const target = relative(sdk, resolve(dirname(file), match[3] ?? ''));
      const set = names.get(target) ?? new Set<string>();
      for (const name of (match[2] ?? '*').split(',')) {
        const imported = name.trim().split(/\s+as\s+/)[0];
        if (imported !== undefined && imported !== '' && !imported.startsWith('type ')) set.add(imported);
      }
      names.set(target, set);
    }
  return names;
}

const standIns: Record<string, object> = { 'tracing-off.ts': tracingOff, 'credentials-off.ts': credentialsOff };

describe('Anthropic SDK stand-ins', () => {
  it('replace files the SDK has, and export every name any SDK module imports from them', () => {
    const imported = importedNames();
    for (const [file, standIn] of Object.entries(anthropicSdkStandIns)) {
      expect(existsSync(join(sdk, file)), file).toBe(true);
      const names = imported.get(file);
      expect(names?.size, `something in the SDK imports ${file}`).toBeGreaterThan(0);
      expect(names?.has('*'), `${file} is imported whole`).toBe(false);
      for (const name of names ?? [])
        expect(standIns[standIn], `${standIn} exports ${name} (${file})`).toHaveProperty(name);
    }
  });

  it('settle the openTelemetry option as the SDK does', () => {
    const options = [
      false,
      { traces: false },
      { propagation: false, traces: { enabled: true, contentMode: 'content', maxContentBytes: 10 } },
      { traces: { contentMode: 'bogus', maxContentBytes: 1.5 } },
    ] as const;
    for (const option of options)
      expect(tracingOff.resolveOpenTelemetryOptions(option)).toEqual(realTracing.resolveOpenTelemetryOptions(option));
    const settled = tracingOff.resolveOpenTelemetryOptions(false);
    expect(Object.isFrozen(settled) && Object.isFrozen(settled.traces)).toBe(true);
  });

  it('start no span and let a failing tracing step pass, as the SDK does with tracing off', () => {
    const settled = realTracing.resolveOpenTelemetryOptions(false);
    expect(realTracing.getTracer(settled, '1')).toBeUndefined();
    expect(tracingOff.getTracer()).toBeUndefined();
    expect(tracingOff.startApiCallSpan({}, 'messages.create', {})).toBeUndefined();
    expect(tracingOff.guardTracing(undefined, () => 7)).toBe(7);
    expect(
      tracingOff.guardTracing(undefined, () => {
        throw new Error('telemetry broke');
      }),
    ).toBeUndefined();
    const headers = new Headers({ 'x-api-key': 'k' });
    expect(tracingOff.takeTraceHeaders()).toEqual([]);
    expect(tracingOff.injectTraceHeaders(undefined, headers)).toBe(headers);
  });

  it('refuse to resolve credentials (Loupe always passes the key)', async () => {
    await expect(credentialsOff.defaultCredentials()).rejects.toThrow(/passes the API key explicitly/);
    expect(() => credentialsOff.resolveCredentialsFromConfig()).toThrow(/passes the API key explicitly/);
    expect(() => new credentialsOff.TokenCache()).toThrow(/passes the API key explicitly/);
  });
});
