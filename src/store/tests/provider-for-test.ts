// A test case's model as provider settings in the browser, with the key the person entered for that
// provider (Settings keeps one per provider). A key goes only to the base URL it was entered for: a case
// that names another endpoint runs without it (OpenAI-compatible: local servers need none) or not at all.
import type { ProviderSettings } from '../../protocol/settings';
import type { TestModel } from '../../suite/test-suite';
import type { Settings } from '../settings';
import { apiToolsForTest } from '../../suite/test-api-tools';

function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the key entered for `keyUrl` may go with requests to `url`: the same origin, under the same path. */
function isUnder(url: string, keyUrl: string): boolean {
  try {
    const target = new URL(url);
    const bound = new URL(keyUrl);
    const root = bound.pathname.replace(/\/+$/, '');
    const path = target.pathname.replace(/\/+$/, '');
    return target.origin === bound.origin && (path === root || path.startsWith(`${root}/`));
  } catch {
    return false;
  }
}

/** Provider settings for `model`, or a sentence saying why it cannot run (shown on the run). */
export function providerForTest(model: TestModel, settings: Settings): ProviderSettings | string {
  if (model.provider === 'demo') return { kind: 'demo' };
  // Only the headless runner's --model names a GGUF file by path; a suite cannot.
  if (model.provider === 'in-browser')
    return `${model.model} is a GGUF file for the headless runner (npm run loupe -- test … --model in-browser/<file>).`;
  const credentials = settings.credentials[model.provider];
  const baseUrl = model.baseUrl ?? credentials.baseUrl;
  const host = hostOf(baseUrl);
  if (host === undefined) return `The base URL for ${model.model}, "${baseUrl}", is not an http(s) URL.`;
  const keyMayGo = isUnder(baseUrl, credentials.baseUrl);
  const capabilities = model.capabilities === undefined ? {} : { capabilities: model.capabilities };
  if (model.provider === 'anthropic') {
    if (credentials.apiKey.trim() === '')
      return `Enter your Anthropic API key (choose Anthropic in Settings) to run ${model.model}.`;
    if (!keyMayGo)
      return `Not run: this case sends ${model.model} to ${host}, and your Anthropic key is for ${hostOf(credentials.baseUrl) ?? 'another host'}. Set that base URL in Settings to send it there.`;
    return {
      kind: 'anthropic',
      apiKey: credentials.apiKey,
      model: model.model,
      baseUrl,
      ...capabilities,
      // The suite's API tools, read like the headless runner's; memory calls go to the Tests panel's own memory.
      ...apiToolsForTest(model, 'tests'),
    };
  }
  return {
    kind: 'openai-compatible',
    apiKey: keyMayGo ? credentials.apiKey : '',
    baseUrl,
    model: model.model,
    ...capabilities,
  };
}
