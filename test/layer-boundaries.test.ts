// The layer rules of layer-rules.json, checked over the source text (lint reads the same file; this guards the config).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYER_RULES, type Layer } from './support/layer-rules';

const SRC = resolve(import.meta.dirname, '../src');

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
    const rule = LAYER_RULES[layer] as (typeof LAYER_RULES)[Layer] | undefined;
    if (!rule) continue;
    const vendorSdks = rule.vendorSdks === '' ? /^$/ : new RegExp(rule.vendorSdks);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const typeOnly = Boolean(match[2]);
      const specifier = match[3] ?? match[4] ?? '';
      if (specifier.startsWith('.')) {
        // The transcript's JSON Schema in docs/ is data the worker validates imports against.
        // The JSON Schemas in docs/ are data the worker and suite/ validate files against; the headless entry
        // starts a suite's stdio servers through the bridge's own code (Node, like the runner).
        const schemaFiles = {
          worker: ['../docs/transcript.schema.json'],
          suite: ['../docs/suite.schema.json', '../docs/results.schema.json'],
          headless: ['../server/bridge/start-in-process.ts'],
        }[layer as string];
        if (schemaFiles?.includes(relative(SRC, resolve(dirname(file), specifier))) === true) continue;
        const target = relative(SRC, resolve(dirname(file), specifier)).split('/')[0] as Layer;
        const allowed =
          target === layer || rule.runtime.includes(target) || (typeOnly && rule.typeOnly.includes(target));
        if (!allowed) found.push(`${relative(SRC, file)} imports ${typeOnly ? 'type ' : ''}${specifier} (${target})`);
      } else if (!specifier.startsWith('node:') || layer === 'engine') {
        const isVendorSdk = /^(@anthropic-ai|@modelcontextprotocol|openai)/.test(specifier);
        if ((isVendorSdk || layer === 'engine') && !vendorSdks.test(specifier) && !(typeOnly && !isVendorSdk)) {
          found.push(`${relative(SRC, file)} imports package ${specifier}`);
        }
      }
    }
  }
  return found;
}

describe('layer boundaries', () => {
  it('layer-rules.json has a rule for every folder of src/, and names no other', () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    const named = Object.values(LAYER_RULES).flatMap((rule) => [...rule.runtime, ...rule.typeOnly]);
    expect(Object.keys(LAYER_RULES).sort()).toEqual(folders.sort());
    expect(named.filter((name) => !folders.includes(name))).toEqual([]);
  });

  it('every import follows the direction of layer-rules.json', () => {
    expect(violations()).toEqual([]);
  });

  it('the engine has no I/O, timers or clock of its own', () => {
    const offenders = sourceFiles(join(SRC, 'engine')).filter((file) =>
      /\b(fetch\(|setTimeout\(|setInterval\(|Date\.now\(|window\.|document\.)/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });
});
