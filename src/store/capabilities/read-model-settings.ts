// Pure guards for stored capabilities and prices: each bad entry is dropped on its own, never the whole map.
import type { ModelCapabilities, ModelPrice } from '../../engine/model/model-capabilities';
import { setOwn } from '../../shared/own-keys';
import { isRecord } from '../../shared/is-record';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A capabilities entry when `value` is one, else undefined. */
export function readCapabilities(value: unknown): ModelCapabilities | undefined {
  if (!isRecord(value)) return undefined;
  const { tools, vision, thinking, thinkingBudget, contextWindow, sendReasoning, constrainToolCalls } = value;
  if ((tools !== 'native' && tools !== 'prompted') || typeof vision !== 'boolean' || typeof thinking !== 'boolean') {
    return undefined;
  }
  return {
    tools,
    vision,
    thinking,
    ...(isCount(thinkingBudget) ? { thinkingBudget } : {}),
    ...(isCount(contextWindow) ? { contextWindow } : {}),
    ...(sendReasoning === true ? { sendReasoning } : {}),
    ...(constrainToolCalls === true ? { constrainToolCalls } : {}),
  };
}

/** A price entry when `value` is one, else undefined. */
export function readPrice(value: unknown): ModelPrice | undefined {
  if (!isRecord(value) || !isAmount(value['input']) || !isAmount(value['output'])) return undefined;
  const { cacheWrite, cacheRead, webSearch } = value;
  return {
    input: value['input'],
    output: value['output'],
    ...(isAmount(cacheWrite) ? { cacheWrite } : {}),
    ...(isAmount(cacheRead) ? { cacheRead } : {}),
    ...(isAmount(webSearch) ? { webSearch } : {}),
  };
}

/** The valid entries of a stored map. */
export function readMap<T>(value: unknown, read: (entry: unknown) => T | undefined): Record<string, T> {
  if (!isRecord(value)) return {};
  const out: Record<string, T> = {};
  for (const [key, entry] of Object.entries(value)) {
    const parsed = read(entry);
    if (parsed !== undefined && key.trim() !== '') setOwn(out, key, parsed);
  }
  return out;
}
