// The layer rules of DESIGN.md, checked over the source text (lint checks them too; this guards the config).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
type Layer =
  | 'shared'
  | 'engine'
  | 'suite'
  | 'providers'
  | 'mcp'
  | 'protocol'
  | 'worker'
  | 'headless'
  | 'client'
  | 'store'
  | 'ui'
  | 'app';

/** Layers each layer may import at runtime; `typeOnly` may also be imported with `import type`. */
const RULES: Record<Layer, { runtime: Layer[]; typeOnly: Layer[]; packages: RegExp }> = {
  // The bottom layer: pure types and data every side may use.
  shared: { runtime: ['shared'], typeOnly: [], packages: /^$/ },
  engine: { runtime: ['shared', 'engine'], typeOnly: [], packages: /^$/ },
  // Test suites: pure checks of transcripts both sides run (the Tests panel and the headless runner).
  suite: { runtime: ['shared', 'engine', 'protocol', 'suite'], typeOnly: [], packages: /^$/ },
  providers: { runtime: ['shared', 'engine', 'providers'], typeOnly: [], packages: /^@anthropic-ai\/sdk/ },
  mcp: {
    runtime: ['shared', 'engine', 'mcp'],
    typeOnly: ['protocol'],
    packages: /^(@modelcontextprotocol\/client|zod)/,
  },
  protocol: { runtime: ['shared', 'protocol'], typeOnly: ['engine'], packages: /^$/ },
  worker: { runtime: ['shared', 'engine', 'providers', 'mcp', 'protocol', 'worker'], typeOnly: [], packages: /^$/ },
  // The Node composition root of `npm run loupe`: the worker's host without a worker.
  headless: {
    runtime: ['shared', 'engine', 'suite', 'providers', 'mcp', 'protocol', 'worker', 'headless'],
    typeOnly: [],
    packages: /^$/,
  },
  client: { runtime: ['shared', 'client', 'protocol'], typeOnly: ['engine'], packages: /^$/ },
  store: { runtime: ['shared', 'suite', 'store', 'client', 'protocol'], typeOnly: ['engine'], packages: /^zustand/ },
  ui: {
    runtime: ['shared', 'suite', 'ui', 'store', 'protocol'],
    typeOnly: ['engine', 'client'],
    // The MCP Apps host bridge talks to app frames, so it lives on the main thread (src/ui/mcp-apps/).
    packages: /^(react|marked|@modelcontextprotocol\/ext-apps\/app-bridge$)/,
  },
  app: {
    runtime: ['shared', 'app', 'ui', 'store', 'client', 'protocol'],
    typeOnly: ['engine'],
    packages: /^(react|zustand)/,
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const layer = relative(SRC, file).split('/')[0] as Layer;
    const rule = RULES[layer];
    if (!rule) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const typeOnly = Boolean(match[2]);
      const specifier = match[3] ?? match[4] ?? '';
      if (specifier.startsWith('.')) {
        // The transcript's JSON Schema in docs/ is data the worker validates imports against.
        const schemaFile = { worker: '../docs/transcript.schema.json', suite: '../docs/suite.schema.json' }[
          layer as string
        ];
        if (schemaFile !== undefined && relative(SRC, resolve(dirname(file), specifier)) === schemaFile) continue;
        const target = relative(SRC, resolve(dirname(file), specifier)).split('/')[0] as Layer;
        const allowed = rule.runtime.includes(target) || (typeOnly && rule.typeOnly.includes(target));
        if (!allowed) found.push(`${relative(SRC, file)} imports ${typeOnly ? 'type ' : ''}${specifier} (${target})`);
      } else if (!specifier.startsWith('node:') || layer === 'engine') {
        const isVendorSdk = /^(@anthropic-ai|@modelcontextprotocol|openai)/.test(specifier);
        if ((isVendorSdk || layer === 'engine') && !rule.packages.test(specifier) && !(typeOnly && !isVendorSdk)) {
          found.push(`${relative(SRC, file)} imports package ${specifier}`);
        }
      }
    }
  }
  return found;
}

describe('layer boundaries', () => {
  it('every import follows the direction of DESIGN.md', () => {
    expect(violations()).toEqual([]);
  });

  it('the engine has no I/O, timers or clock of its own', () => {
    const offenders = sourceFiles(join(SRC, 'engine')).filter((file) =>
      /\b(fetch\(|setTimeout\(|setInterval\(|Date\.now\(|window\.|document\.)/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });
});
