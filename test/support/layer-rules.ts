// The layer rules of layer-rules.json (the one source lint, the boundary test and the docs' table read), typed.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type Layer =
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

/** What one layer may import besides itself. */
export interface LayerRule {
  runtime: Layer[];
  typeOnly: Layer[];
  /** A pattern of the vendor SDK packages it may import; empty: none. */
  vendorSdks: string;
  because: string;
}

export const LAYER_RULES_PATH = resolve(import.meta.dirname, '../../layer-rules.json');

export const LAYER_RULES = (JSON.parse(readFileSync(LAYER_RULES_PATH, 'utf8')) as { layers: Record<Layer, LayerRule> })
  .layers;

/** The "may import" cell of a layer's row in docs/ARCHITECTURE.md: "`shared/`, `engine/`; types of `protocol/`". */
export function describeMayImport(layer: Layer): string {
  const { runtime, typeOnly } = LAYER_RULES[layer];
  const names = (layers: Layer[]) => layers.map((name) => `\`${name}/\``).join(', ');
  const parts = [runtime.length === 0 ? 'nothing' : names(runtime)];
  if (typeOnly.length > 0) parts.push(`types of ${names(typeOnly)}`);
  return parts.join('; ');
}
