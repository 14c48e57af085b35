// Runs test cases through the engine worker: the servers connected now, the case's settings, no pauses.
import type { EngineClient } from '../../client/engine-client';
import type { Transcript } from '../../engine/transcript/transcript';
import type { ProviderSettings } from '../../protocol/settings';
import { testRunSettings } from '../../suite/test-run-settings';
import { apiToolsForTest } from '../../suite/test-api-tools';
import type { TestRunDriver } from '../../suite/run-cases';
import type { TestModel } from '../../suite/test-suite';
import type { Settings } from '../settings';
import { TEST_RUN_PREFIX } from './test-run-id';

/**
 * Provider settings for a case's model with the key the person entered for that provider. A key is only
 * sent to the provider it was entered for: a case on another provider asks the person to switch first.
 */
export function providerForTest(model: TestModel, settings: Settings): ProviderSettings | string {
  if (model.provider === 'demo') return { kind: 'demo' };
  if (settings.provider !== model.provider)
    return `Choose ${model.provider === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'} as the provider (with its key) to run ${model.model}.`;
  const capabilities = model.capabilities === undefined ? {} : { capabilities: model.capabilities };
  if (model.provider === 'anthropic') {
    if (settings.apiKey.trim() === '') return 'Enter your Anthropic API key to run this test.';
    return {
      kind: 'anthropic',
      apiKey: settings.apiKey,
      model: model.model,
      baseUrl: settings.baseUrl,
      ...capabilities,
      ...apiToolsForTest(model, 'tests'),
    };
  }
  return {
    kind: 'openai-compatible',
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    model: model.model,
    ...capabilities,
  };
}

export interface BrowserDriverOptions {
  client: EngineClient;
  settings: () => Settings;
  createId: () => string;
}

/** A driver over the worker client; each run's id starts with `test-run-`. */
export function createBrowserDriver(options: BrowserDriverOptions): TestRunDriver {
  return {
    async run(testCase, model, signal) {
      const provider = providerForTest(model, options.settings());
      if (typeof provider === 'string') throw new Error(provider);
      if (signal.aborted) throw new Error('cancelled');
      const runId = `${TEST_RUN_PREFIX}${options.createId()}`;
      let stop = () => {};
      const ended = new Promise<void>((resolve) => {
        stop = options.client.subscribe((message) => {
          if (message.type === 'run-event' && message.runId === runId && message.event.type === 'run-end') resolve();
        });
      });
      const cancel = () => void options.client.send({ type: 'run-stop', runId }).catch(() => undefined);
      signal.addEventListener('abort', cancel, { once: true });
      try {
        await options.client.send({
          type: 'run-start',
          runId,
          settings: testRunSettings(testCase, model, provider),
          message: testCase.prompt,
        });
        await ended;
        const transcript: Transcript = await options.client.send({ type: 'transcript-export', runId });
        return transcript;
      } finally {
        stop();
        signal.removeEventListener('abort', cancel);
      }
    },
  };
}
