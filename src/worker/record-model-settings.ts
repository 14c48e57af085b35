// What a transcript records about the model beyond its id: capabilities and price as used for the run.
import type { TranscriptSettings } from '../engine/transcript/transcript';
import type { RunSettings } from '../protocol/settings';
import { redactUrl } from '../shared/redact-url';

/** The capabilities and price of the run's model, when the UI sent them (never for the demo model). */
export function recordModelSettings(settings: RunSettings): Pick<TranscriptSettings, 'capabilities' | 'price'> {
  const provider = settings.provider;
  const capabilities = 'capabilities' in provider ? provider.capabilities : undefined;
  return {
    ...(capabilities === undefined ? {} : { capabilities }),
    ...(settings.price === undefined ? {} : { price: settings.price }),
  };
}

/** The base URL a transcript names: any endpoint the person chose (never a key; user info and query values redacted). */
export function recordBaseUrl(settings: RunSettings): Pick<TranscriptSettings, 'baseUrl'> {
  const provider = settings.provider;
  return 'baseUrl' in provider && provider.baseUrl ? { baseUrl: redactUrl(provider.baseUrl) } : {};
}

/** The context window compaction measures against, when the person's model capabilities give one. */
export function contextWindowOf(settings: RunSettings): { contextWindow?: number } {
  const provider = settings.provider;
  const window = 'capabilities' in provider ? provider.capabilities?.contextWindow : undefined;
  return window === undefined ? {} : { contextWindow: window };
}
