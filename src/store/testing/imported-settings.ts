// Test helper: the settings a transcript file carries — Anthropic's, with `patch` over them — as an import reads them.
import type { TranscriptSettings } from '../../engine/transcript/transcript';

/** A file's settings: provider anthropic, model claude-x on Anthropic's API, 10 rounds of 100 tokens, then `patch`. */
export function importedSettings(patch: Partial<TranscriptSettings>): TranscriptSettings {
  return {
    provider: 'anthropic',
    model: 'claude-x',
    baseUrl: 'https://api.anthropic.com',
    maxRounds: 10,
    maxTokens: 100,
    ...patch,
  };
}
