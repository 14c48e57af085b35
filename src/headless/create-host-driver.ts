// Runs test cases on the engine host in this process: connects the cases' servers by URL, starts each
// run with the case's settings and reads its transcript when it ends.
import type { Transcript } from '../engine/transcript/transcript';
import { DEFAULT_DEBUG_SETTINGS } from '../protocol/debug-messages';
import type { ServerState } from '../protocol/server-status';
import type { RunSettings, ServerConfig } from '../protocol/settings';
import type { TestRunDriver } from '../suite/run-cases';
import type { TestCase, TestModel } from '../suite/test-suite';
import type { InProcessHost } from './in-process-host';
import { providerSettingsFor } from './provider-settings-for';

export interface HostDriverOptions {
  env: Record<string, string | undefined>;
  /** Extra request headers per server name (e.g. Authorization), from the environment, never the suite. */
  headers?: Record<string, Record<string, string>>;
}

/** The settings a run of `testCase` on `model` starts with (no pauses: a test never waits for a person). */
export function runSettingsFor(
  testCase: TestCase,
  model: TestModel,
  env: Record<string, string | undefined>,
): RunSettings | string {
  const provider = providerSettingsFor(model, env);
  if (typeof provider === 'string') return provider;
  return {
    provider,
    system: testCase.system,
    maxRounds: testCase.maxRounds,
    maxTokens: testCase.maxTokens,
    ...(testCase.temperature === undefined ? {} : { temperature: testCase.temperature }),
    ...(model.price === undefined ? {} : { price: model.price }),
    ...(testCase.tools === undefined ? {} : { tools: testCase.tools }),
    ...(testCase.policies === undefined ? {} : { policies: testCase.policies }),
    debug: DEFAULT_DEBUG_SETTINGS,
  };
}

/** A driver over `host`; servers are connected once, by name, the first time a case needs them. */
export function createHostDriver(host: InProcessHost, options: HostDriverOptions): TestRunDriver {
  const connections = new Map<string, Promise<void>>();
  let nextRun = 0;

  function connect(name: string, url: string): Promise<void> {
    const key = `${name} ${url}`;
    const existing = connections.get(key);
    if (existing !== undefined) return existing;
    const serverId = `server-${connections.size + 1}`;
    const config: ServerConfig = {
      id: serverId,
      name,
      url,
      headers: options.headers?.[name] ?? {},
      includeInstructions: true,
    };
    const connected = new Promise<void>((resolve, reject) => {
      const stop = host.subscribe((message) => {
        if (message.type !== 'server-state' || message.state.serverId !== serverId) return;
        const state: ServerState = message.state;
        if (state.status === 'connected') resolve();
        else if (state.status === 'error')
          reject(new Error(`server ${name} (${url}): ${state.problem?.message ?? 'connection failed'}`));
        else return;
        stop();
      });
    });
    connections.set(key, connected);
    void host.send({ type: 'server-add', server: config });
    return connected;
  }

  return {
    async run(testCase, model, signal) {
      const settings = runSettingsFor(testCase, model, options.env);
      if (typeof settings === 'string') throw new Error(settings);
      await Promise.all(testCase.servers.map((server) => connect(server.name, server.url)));
      if (signal.aborted) throw new Error('cancelled');
      const runId = `test-run-${++nextRun}`;
      const ended = new Promise<void>((resolve) => {
        const stop = host.subscribe((message) => {
          if (message.type === 'run-event' && message.runId === runId && message.event.type === 'run-end') {
            stop();
            resolve();
          }
        });
      });
      const cancel = () => void host.send({ type: 'run-stop', runId }).catch(() => undefined);
      signal.addEventListener('abort', cancel, { once: true });
      try {
        await host.send({ type: 'run-start', runId, settings, message: testCase.prompt });
        await ended;
        const transcript: Transcript = await host.send({ type: 'transcript-export', runId });
        return transcript;
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
  };
}
