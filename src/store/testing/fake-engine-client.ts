// A test double of EngineClient: records commands, answers them from handlers, emits worker messages on demand.
import type { EngineClient } from '../../client/engine-client';
import type { RunEvent } from '../../engine/event/run-event';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import type { Command, CommandResults, WorkerMessage } from '../../protocol/messages';
import type { ServerState } from '../../protocol/server-status';

export type FakeHandlers = {
  [K in Command['type']]?: (command: Extract<Command, { type: K }>) => CommandResults[K] | Promise<CommandResults[K]>;
};

export class FakeEngineClient implements EngineClient {
  readonly commands: Command[] = [];
  private readonly listeners = new Set<(message: WorkerMessage) => void>();
  disposed = false;

  constructor(private handlers: FakeHandlers = {}) {}

  /** Replaces the handlers with `change(handlers)`: more types answered, or the given ones wrapped. */
  rewire(change: (handlers: FakeHandlers) => FakeHandlers): void {
    this.handlers = change(this.handlers);
  }

  send<C extends Command>(command: C): Promise<CommandResults[C['type']]> {
    this.commands.push(command);
    const handler = this.handlers[command.type] as
      ((command: C) => CommandResults[C['type']] | Promise<CommandResults[C['type']]>) | undefined;
    if (handler === undefined) return Promise.resolve(null as CommandResults[C['type']]);
    try {
      return Promise.resolve(handler(command));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  subscribe(listener: (message: WorkerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
  }

  /** Commands of one type, in the order sent. */
  sent<T extends Command['type']>(type: T): Extract<Command, { type: T }>[] {
    return this.commands.filter((command): command is Extract<Command, { type: T }> => command.type === type);
  }

  emit(message: WorkerMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  emitRunEvent(runId: string, event: RunEvent): void {
    this.emit({ v: PROTOCOL_VERSION, type: 'run-event', runId, event });
  }

  emitServerState(state: ServerState): void {
    this.emit({ v: PROTOCOL_VERSION, type: 'server-state', state });
  }
}
