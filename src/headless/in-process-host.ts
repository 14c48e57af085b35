// The worker's engine host run in this Node process: the same commands and messages, no Worker.
import { connectMcpServer } from '../mcp/connection/connect-mcp-server';
import { PROTOCOL_VERSION, type Command, type CommandResults, type WorkerMessage } from '../protocol/messages';
import { createEngineHost } from '../worker/create-engine-host';
import { createModel, listModels } from '../worker/create-model';
import { createRunEnvironment } from '../worker/create-run-environment';
import type { MemoryStore } from '../engine/tool/memory/memory-store';
import type { NodeGgufModels } from './gguf/create-node-gguf-models';

export interface InProcessHost {
  send<C extends Command>(command: C): Promise<CommandResults[C['type']]>;
  /** Hears every message the host posts; returns an unsubscribe function. */
  subscribe(listener: (message: WorkerMessage) => void): () => void;
  dispose(): Promise<void>;
}

/** An engine host with the worker's real dependencies (MCP over HTTP, the providers, real timers). */
/**
 * `memoryStore`: where the memory tool's files go (a folder with --memory-dir); default in memory. `gguf`:
 * what runs the In-browser (GGUF) provider's files here (without it such a run fails saying no model is loaded).
 */
export function createInProcessHost(
  appVersion: string,
  options: { memoryStore?: MemoryStore; gguf?: NodeGgufModels } = {},
): InProcessHost {
  const { gguf } = options;
  const listeners = new Set<(message: WorkerMessage) => void>();
  const replies = new Map<string, (message: Extract<WorkerMessage, { type: 'reply' }>) => void>();
  const host = createEngineHost({
    post: (message) => {
      if (message.type === 'reply') replies.get(message.requestId)?.(message);
      for (const listener of listeners) listener(message);
    },
    environment: createRunEnvironment(),
    connectServer: (config, extras) => connectMcpServer(config, extras ?? {}),
    createModel: (provider, context) =>
      provider.kind === 'in-browser' && gguf !== undefined
        ? gguf.createModel(provider)
        : createModel(provider, context),
    listModels,
    appVersion,
    ...(options.memoryStore ? { memoryStore: options.memoryStore } : {}),
  });
  let next = 0;
  return {
    send<C extends Command>(command: C) {
      const requestId = `cli-${next++}`;
      return new Promise<CommandResults[C['type']]>((resolve, reject) => {
        replies.set(requestId, (answer) => {
          replies.delete(requestId);
          if (answer.ok) resolve(answer.value as CommandResults[C['type']]);
          else reject(new Error(answer.error));
        });
        void host.handle({ v: PROTOCOL_VERSION, requestId, command });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => host.dispose(),
  };
}
