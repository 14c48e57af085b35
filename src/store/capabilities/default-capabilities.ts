// Pure: what a model can do when the person has not said otherwise.
import type { ModelCapabilities } from '../../engine/model/model-capabilities';
import type { ProviderKind } from '../../protocol/settings';

/** Context windows of well-known models, by id prefix (longest prefix wins). */
const contextWindows: readonly [prefix: string, tokens: number][] = [
  ['claude-opus-5', 1_000_000],
  ['claude-sonnet-5', 1_000_000],
  ['claude-haiku-5', 1_000_000],
  ['claude-opus-4-8', 1_000_000],
  ['claude-opus-4-7', 1_000_000],
  ['claude-opus-4-6', 1_000_000],
  ['claude-sonnet-4-6', 1_000_000],
  ['claude-', 200_000],
  ['gpt-5', 400_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-4o', 128_000],
  ['o3', 200_000],
  ['o4-mini', 200_000],
];

/** OpenAI families that read images. Other OpenAI-compatible models are assumed not to until marked. */
const visionPrefixes = ['gpt-5', 'gpt-4.1', 'gpt-4o', 'o3', 'o4-mini', 'claude-'];

function baseId(modelId: string): string {
  return modelId.slice(modelId.lastIndexOf('/') + 1);
}

/** The context window of a known model, by prefix; undefined for unknown ones. */
export function knownContextWindow(modelId: string): number | undefined {
  const id = baseId(modelId);
  const match = contextWindows.filter(([prefix]) => id.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0];
  return match?.[1];
}

/**
 * Defaults: Anthropic models call tools natively and read images; OpenAI-compatible models call tools
 * natively and read images only when known to (an unknown local model is assumed text-only, which is
 * safe: images then reach it as a placeholder line). Thinking is off until asked for.
 */
export function defaultCapabilities(provider: ProviderKind, modelId: string): ModelCapabilities {
  const id = baseId(modelId);
  const window = knownContextWindow(modelId);
  const vision = provider === 'anthropic' || visionPrefixes.some((prefix) => id.startsWith(prefix));
  return { tools: 'native', vision, thinking: false, ...(window === undefined ? {} : { contextWindow: window }) };
}

/** The key a model's capabilities are kept under: provider and model id. */
export function capabilitiesKey(provider: ProviderKind, modelId: string): string {
  return `${provider}:${modelId}`;
}
