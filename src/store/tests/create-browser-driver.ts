// Runs test cases through the engine worker: the servers connected now, the case's settings, no pauses; each
// model with the person's own key for its provider (provider-for-test.ts).
import type { EngineClient } from '../../client/engine-client';
import type { Transcript } from '../../engine/transcript/transcript';
import { testRunSettings } from '../../suite/test-run-settings';
import type { TestRunDriver } from '../../suite/run-cases';
import type { Settings } from '../settings';
import type { RunSettings, ServerConfig } from '../../protocol/settings';
import type { TestCase } from '../../suite/test-suite';
import { providerForTest } from './provider-for-test';
import { TEST_RUN_PREFIX } from '../../shared/test-run-id';

export interface BrowserDriverOptions {
  client: EngineClient;
  settings: () => Settings;
  /** The servers of the page: a case's `via` sets the path of the one of that name for its runs. */
  servers?: () => readonly ServerConfig[];
  createId: () => string;
}

/** The path a case gives each server of the page it names with `via` (`api`: the MCP connector). */
function casePaths(testCase: TestCase, servers: readonly ServerConfig[]): Pick<RunSettings, 'serverPaths'> {
  const paths: Record<string, 'api' | 'browser'> = {};
  for (const wanted of testCase.servers) {
    const server = servers.find((candidate) => candidate.name === wanted.name);
    if (server !== undefined && wanted.via !== undefined) paths[server.id] = wanted.via === 'api' ? 'api' : 'browser';
  }
  return Object.keys(paths).length === 0 ? {} : { serverPaths: paths };
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
          settings: {
            ...testRunSettings(testCase, model, provider),
            ...casePaths(testCase, options.servers?.() ?? []),
          },
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
