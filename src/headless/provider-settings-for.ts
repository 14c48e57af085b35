// A test case's model as provider settings for a run in Node, with the key from the environment.
import type { ProviderSettings } from '../protocol/settings';
import type { TestModel } from '../suite/test-suite';

/** Environment variables the runner reads keys from (never the suite file: it holds no secrets). */
export const KEY_VARIABLES = { anthropic: 'ANTHROPIC_API_KEY', 'openai-compatible': 'OPENAI_API_KEY' } as const;

/** Where an OpenAI-compatible case without a base URL goes. */
const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Provider settings for `model`, or a sentence saying what is missing. */
export function providerSettingsFor(
  model: TestModel,
  env: Record<string, string | undefined>,
): ProviderSettings | string {
  switch (model.provider) {
    case 'demo':
      return { kind: 'demo' };
    case 'anthropic': {
      const apiKey = env[KEY_VARIABLES.anthropic];
      if (apiKey === undefined || apiKey === '') return `Set ${KEY_VARIABLES.anthropic} to run ${model.model}.`;
      return {
        kind: 'anthropic',
        apiKey,
        model: model.model,
        ...(model.baseUrl === undefined ? {} : { baseUrl: model.baseUrl }),
        ...(model.capabilities === undefined ? {} : { capabilities: model.capabilities }),
      };
    }
    case 'openai-compatible':
      // Local servers (Ollama, llama.cpp) need no key: an unset variable means none.
      return {
        kind: 'openai-compatible',
        apiKey: env[KEY_VARIABLES['openai-compatible']] ?? '',
        baseUrl: model.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
        model: model.model,
        ...(model.capabilities === undefined ? {} : { capabilities: model.capabilities }),
      };
  }
}
