// Pure: the capabilities and price that apply to the chosen model, from the person's edits over the defaults.
import type { ModelCapabilities, ModelPrice } from '../../engine/model/model-capabilities';
import type { ProviderKind } from '../../protocol/settings';
import { defaultPriceTable } from '../pricing/default-price-table';
import { findModelPrice } from '../pricing/find-model-price';
import type { Settings } from '../settings';
import { capabilitiesKey, defaultCapabilities } from './default-capabilities';

/** The person's capabilities for `provider`/`modelId` when set, else the defaults. */
export function resolveCapabilities(
  settings: Pick<Settings, 'capabilities'>,
  provider: ProviderKind,
  modelId: string,
): ModelCapabilities {
  return settings.capabilities[capabilitiesKey(provider, modelId)] ?? defaultCapabilities(provider, modelId);
}

/** The price table in effect: the built-in one with the person's entries over it. */
export function resolvePriceTable(settings: Pick<Settings, 'prices'>): Record<string, ModelPrice> {
  return { ...defaultPriceTable, ...settings.prices };
}

/** The price of `modelId` in the table in effect, or undefined (then only tokens are shown). */
export function resolvePrice(settings: Pick<Settings, 'prices'>, modelId: string): ModelPrice | undefined {
  return findModelPrice(resolvePriceTable(settings), modelId);
}
