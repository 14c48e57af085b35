// Test support: an engine host with real dependencies whose posted messages are recorded, plus helpers to
// send commands and wait for messages. Used by the worker's integration tests in Node.
import type { RunEvent } from '../../engine/event/run-event';
import { connectMcpServer } from '../../mcp/connection/connect-mcp-server';
import { PROTOCOL_VERSION, type Command, type WorkerMessage } from '../../protocol/messages';
import { createEngineHost, type EngineHost } from '../create-engine-host';
import { createModel, listModels } from '../create-model';
import { createRunEnvironment } from '../create-run-environment';
import type { MemoryStore } from '../../engine/tool/memory/memory-store';
import type { RunEnvironment } from '../../engine/run/run-options';

export interface HostHarness {
  host: EngineHost;
  /** Every message the host posted, in order. */
  messages: WorkerMessage[];
  /** Sends a command; resolves with the reply's value, rejects with the reply's error. */
  send: (command: Command) => Promise<unknown>;
  /** Resolves with the first non-undefined `pick(messages)`, re-checked after every posted message. */
  waitFor: <T>(pick: (messages: WorkerMessage[]) => T | undefined) => Promise<T>;
  /** The events of one run, in order. */
  runEvents: (runId: string) => RunEvent[];
}

export interface HostHarnessOptions {
  /** Where the memory tool's files go (default: in memory, like a host given none). */
  memoryStore?: MemoryStore;
  /** The clock, ids and timers (default: the real ones). */
  environment?: RunEnvironment;
  /** Give each connection the host's extras (OAuth sign-in, elicitation…), as the worker does; default: none. */
  serverExtras?: boolean;
}

export function createHostHarness(options: HostHarnessOptions = {}): HostHarness {
  const messages: WorkerMessage[] = [];
  const waiters: (() => void)[] = [];
  const host = createEngineHost({
    post: (message) => {
      messages.push(message);
      for (const wake of waiters.splice(0)) wake();
    },
    environment: options.environment ?? createRunEnvironment(),
    connectServer: (config, extras) => connectMcpServer(config, options.serverExtras === true ? (extras ?? {}) : {}),
    createModel,
    listModels,
    appVersion: '0.0.0-test',
    ...(options.memoryStore ? { memoryStore: options.memoryStore } : {}),
  });
  let nextRequest = 0;
  return {
    host,
    messages,
    async send(command) {
      const requestId = `r${nextRequest++}`;
      await host.handle({ v: PROTOCOL_VERSION, requestId, command });
      const reply = messages.find((message) => message.type === 'reply' && message.requestId === requestId);
      if (reply?.type !== 'reply') throw new Error('no reply');
      if (!reply.ok) throw new Error(reply.error);
      return reply.value;
    },
    async waitFor(pick) {
      for (;;) {
        const found = pick(messages);
        if (found !== undefined) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    runEvents: (runId) =>
      messages.flatMap((message) => (message.type === 'run-event' && message.runId === runId ? [message.event] : [])),
  };
}
