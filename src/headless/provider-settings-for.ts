// A test case's model as provider settings for a run in Node, with the key from the environment — sent only
// where the person bound it (read-secret-bindings.ts), never to a base URL the suite alone chose.
import type { ProviderSettings } from '../protocol/settings';
import type { TestModel } from '../suite/test-suite';
import { apiToolsForTest } from '../suite/test-api-tools';
import { DEFAULT_BASE_URLS, type SecretBindings } from './read-secret-bindings';
import { describeDestinations, maySendSecretTo, refusePrivateAddress } from './secret-destination';

export { KEY_VARIABLES } from './read-secret-bindings';

/** Settings a run can start with, and a sentence to print when they differ from what the suite asked. */
export interface ModelSettings {
  settings: ProviderSettings;
  /** Said once per run of the command: e.g. that a case runs without the key. */
  notice?: string;
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Provider settings for `model`, or a sentence saying why the case cannot run. */
export function providerSettingsFor(model: TestModel, bindings: SecretBindings): ModelSettings | string {
  if (model.provider === 'demo') return { settings: { kind: 'demo' } };
  // A GGUF file run in this process: no key, no URL. Calls are constrained to the schemas unless turned off.
  if (model.provider === 'in-browser')
    return {
      settings: {
        kind: 'in-browser',
        model: model.model,
        constrainToolCalls: model.capabilities?.constrainToolCalls ?? true,
      },
    };
  const baseUrl = model.baseUrl ?? DEFAULT_BASE_URLS[model.provider];
  const origin = originOf(baseUrl);
  if (origin === undefined) return `The suite's base URL for ${model.model}, "${baseUrl}", is not an http(s) URL.`;
  if (bindings.publicOnly) {
    const refused = refusePrivateAddress(baseUrl, `The model ${model.model}`, bindings.named);
    if (refused !== undefined) return refused;
  }
  const key = bindings.keys[model.provider];
  const allowed = maySendSecretTo(baseUrl, key.destinations);
  const capabilities = model.capabilities === undefined ? {} : { capabilities: model.capabilities };
  if (model.provider === 'anthropic') {
    if (key.value === '') return `Set ${key.variable} to run ${model.model}.`;
    if (!allowed)
      return `Not run: the suite sends ${model.model} to ${origin}, and ${key.variable} goes only to ${describeDestinations(key.destinations)}. If you trust ${origin}, name it with --base-url or LOUPE_KEY_ORIGINS.`;
    return {
      settings: {
        kind: 'anthropic',
        apiKey: key.value,
        model: model.model,
        ...(model.baseUrl === undefined ? {} : { baseUrl: model.baseUrl }),
        ...capabilities,
        ...apiToolsForTest(model, 'headless'),
      },
    };
  }
  // Local servers (Ollama, llama.cpp) need no key, so an OpenAI-compatible case the person did not bind still
  // runs, without it.
  const withheld = !allowed && key.value !== '';
  return {
    settings: {
      kind: 'openai-compatible',
      apiKey: allowed ? key.value : '',
      baseUrl,
      model: model.model,
      ...capabilities,
    },
    ...(withheld
      ? {
          notice: `${model.model} at ${origin} runs without ${key.variable}: the key goes only to ${describeDestinations(key.destinations)}. If you trust ${origin}, name it with --base-url or LOUPE_KEY_ORIGINS.`,
        }
      : {}),
  };
}
