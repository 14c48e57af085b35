// Runs test cases on the engine host in this process: connects the cases' servers by URL, starts each
// run with the case's settings and reads its transcript when it ends.
import type { Transcript } from '../engine/transcript/transcript';
import type { ServerState } from '../protocol/server-status';
import type { RunSettings, ServerConfig } from '../protocol/settings';
import type { TestRunDriver } from '../suite/run-cases';
import type { TestCase, TestModel } from '../suite/test-suite';
import type { InProcessHost } from './in-process-host';
import { providerSettingsFor } from './provider-settings-for';
import { serverHeadersFor, type SecretBindings } from './read-secret-bindings';
import { refusePrivateAddress } from './secret-destination';
import { testRunSettings } from '../suite/test-run-settings';
import { connectorServersFor } from './connector-servers-for';

export interface HostDriverOptions {
  /** The keys and server headers with the places each may go (from the environment, never the suite). */
  bindings: SecretBindings;
  /** Hears, once each, what the runner does differently from what the suite asked (a key withheld). */
  notice?: (line: string) => void;
  /** Run ids start with this (default `test-run`): unique per command, so traces of two CI runs never share ids. */
  runIdPrefix?: string;
  /** Each MCP request carries the trace context of its call (`--otlp`: a server's spans join the run's trace). */
  traceContext?: boolean;
}

/** The settings a run of `testCase` on `model` starts with, the key from the environment where it may go. */
export function runSettingsFor(
  testCase: TestCase,
  model: TestModel,
  bindings: SecretBindings,
  notice: (line: string) => void = () => undefined,
): RunSettings | string {
  const provider = providerSettingsFor(model, bindings);
  if (typeof provider === 'string') return provider;
  if (provider.notice !== undefined) notice(provider.notice);
  return testRunSettings(testCase, model, provider.settings);
}

/** A driver over `host`; servers are connected once, by name, the first time a case needs them. */
export function createHostDriver(host: InProcessHost, options: HostDriverOptions): TestRunDriver {
  const connections = new Map<string, Promise<void>>();
  let nextRun = 0;
  const noticed = new Set<string>();
  const notice = (line: string) => {
    if (noticed.has(line)) return;
    noticed.add(line);
    options.notice?.(line);
  };

  function connect(name: string, url: string): Promise<void> {
    const key = `${name} ${url}`;
    const existing = connections.get(key);
    if (existing !== undefined) return existing;
    const refused = options.bindings.publicOnly
      ? refusePrivateAddress(url, `Server ${name}`, options.bindings.named)
      : undefined;
    if (refused !== undefined) return Promise.reject(new Error(refused));
    const serverId = `server-${connections.size + 1}`;
    const config: ServerConfig = {
      id: serverId,
      name,
      url,
      // Only what the person bound to this URL: the suite picks the name and the URL, so neither chooses.
      headers: serverHeadersFor(url, options.bindings),
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
      const given = runSettingsFor(testCase, model, options.bindings, notice);
      if (typeof given === 'string') throw new Error(given);
      // Servers marked `via: "api"` go to an Anthropic model's API as the MCP connector; the runner calls the rest.
      const split = connectorServersFor(testCase.servers, given.provider, options.bindings);
      if (typeof split === 'string') throw new Error(split);
      for (const line of split.notices) notice(line);
      const settings: RunSettings = {
        ...given,
        provider: split.provider,
        ...(options.traceContext === true ? { traceContext: true } : {}),
      };
      await Promise.all(
        split.runner.map((server) =>
          // The command resolves every case's servers first (resolve-case-servers.ts); this is a guard.
          server.url === undefined
            ? Promise.reject(new Error(`server ${server.name} has no address`))
            : connect(server.name, server.url),
        ),
      );
      if (signal.aborted) throw new Error('cancelled');
      const runId = `${options.runIdPrefix ?? 'test-run'}-${++nextRun}`;
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
