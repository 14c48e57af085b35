// The In-browser (GGUF) provider's settings as the headless runner sends them to its in-process engine host.
// The app's worker protocol names the same shape (`kind: 'in-browser'` in ProviderSettings, with the app's
// wiring of the provider); until both are in one tree the runner keeps its own copy here. Pure types.
import type { ProviderSettings } from '../../protocol/settings';

/** A GGUF file run in this process: `model` is its path. */
export interface InBrowserProviderSettings {
  kind: 'in-browser';
  model: string;
  constrainToolCalls: boolean;
}

export type HeadlessProviderSettings = ProviderSettings | InBrowserProviderSettings;

export function isInBrowserSettings(provider: { kind: string }): provider is InBrowserProviderSettings {
  return provider.kind === 'in-browser';
}

/**
 * `provider` as run settings carry it. The in-process host hands it back to the runner's own `createModel`
 * unchanged (no serialisation, no guard between them), which answers `in-browser` itself.
 */
export function asRunProvider(provider: HeadlessProviderSettings): ProviderSettings {
  return provider as ProviderSettings;
}
