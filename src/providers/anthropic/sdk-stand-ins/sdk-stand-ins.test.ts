// The worker build's stand-ins for parts of the Anthropic SDK (server/vite-sdk-stand-ins-plugin.ts): every name the
// SDK imports from a replaced file exists, and what the client calls with tracing off behaves as the real module.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anthropicSdkStandIns } from '../../../../server/vite-sdk-stand-ins-plugin';
import * as credentialsOff from './credentials-off';
import * as queryString from './query-string';
import * as tracingOff from './tracing-off';
import * as uploadsOff from './uploads-off';
import { sdkModules } from '../../../../test/support/sdk-modules';

const sdk = resolve('node_modules/@anthropic-ai/sdk');
// The SDK's own module (not in its package exports): what the stand-in must match.
const realQuery = (await import(pathToFileURL(join(sdk, 'internal/utils/query.mjs')).href)) as {
  stringifyQuery(query: object): string;
};
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

const standIns: Record<string, object> = {
  'tracing-off.ts': tracingOff,
  'credentials-off.ts': credentialsOff,
  'query-string.ts': queryString,
  'uploads-off.ts': uploadsOff,
};

describe('Anthropic SDK stand-ins', () => {
  it('replace files the SDK has, and export every name any SDK module imports from them', async () => {
    const imported = importedNames();
    for (const [file, standIn] of Object.entries(anthropicSdkStandIns)) {
      expect(existsSync(join(sdk, file)), file).toBe(true);
      const names = new Set(imported.get(file));
      expect(names.size, `something in the SDK imports ${file}`).toBeGreaterThan(0);
      // Imported whole (`import * as`): then every name the file exports.
      if (names.delete('*'))
        for (const name of Object.keys((await import(pathToFileURL(join(sdk, file)).href)) as object)) names.add(name);
      for (const name of names) expect(standIns[standIn], `${standIn} exports ${name} (${file})`).toHaveProperty(name);
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

  it('write a query string as the SDK does, for what Loupe sends and the worst a server could hand back', () => {
    const queries: object[] = [
      { limit: 100 },
      { limit: 100, after_id: 'claude-3-5 sonnet/ä€😀' },
      { key: "!'()*~-._ &=?#[]%+/:;@,$\u0000\n" },
      { a: null, b: undefined, c: true, d: false, e: 0, f: -1.5, g: 10n, h: NaN, i: Infinity },
      { list: [1, 'x y', null, undefined, true], none: [] },
      { nested: { a: 1, b: { c: 'd' } }, mixed: [{ a: 1 }, [2, 3]] },
      { date: new Date(0), symbol: Symbol('s'), fn: () => 1 },
      { '': 'empty key', 'k ey&=': 'v', __proto__x: 'p' },
      {},
    ];
    for (const query of queries) expect(queryString.stringifyQuery(query)).toBe(realQuery.stringifyQuery(query));
    // A lone surrogate: the SDK's qs encodes bytes of another character (and swallows the next one); sent as U+FFFD.
    expect(queryString.stringifyQuery({ id: 'a\uD800b' })).toBe('id=a%EF%BF%BDb');
  });

  it('refuse to make a file (Loupe’s client sends JSON only)', async () => {
    await expect(uploadsOff.toFile()).rejects.toThrow(/sends no files/);
  });
});
