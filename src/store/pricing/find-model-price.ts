// Pure: which price table entry applies to a model id.
import type { ModelPrice } from '../../engine/model/model-capabilities';
import { ownValue } from '../../shared/own-keys';

/**
 * The table key whose price applies to `modelId`: an exact entry; else the longest entry that is a prefix
 * followed by `-` (so dated ids such as `claude-sonnet-4-5-20250929` or `gpt-4o-2024-08-06` find their
 * family); router ids such as `openai/gpt-4o` are also tried without their vendor. Undefined when none.
 */
export function findModelPriceKey(table: Readonly<Record<string, ModelPrice>>, modelId: string): string | undefined {
  const candidates = [modelId, modelId.slice(modelId.lastIndexOf('/') + 1)];
  for (const id of candidates) {
    if (ownValue(table, id) !== undefined) return id;
  }
  for (const id of candidates) {
    const key = Object.keys(table)
      .filter((entry) => id.startsWith(`${entry}-`))
      .sort((a, b) => b.length - a.length)[0];
    if (key !== undefined) return key;
  }
  return undefined;
}

/** The price for `modelId` (see `findModelPriceKey`), or undefined — the UI then shows tokens only. */
export function findModelPrice(table: Readonly<Record<string, ModelPrice>>, modelId: string): ModelPrice | undefined {
  const key = findModelPriceKey(table, modelId);
  return key === undefined ? undefined : ownValue(table, key);
}
