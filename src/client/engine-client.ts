// The main thread's seam to the engine worker. A worker-backed client and an in-process one implement it.
import type { Command, CommandResults, WorkerMessage } from '../protocol/messages';

/** Sends commands to the engine and hears what it reports. */
export interface EngineClient {
  /** Sends a command; resolves with its reply value, rejects with the worker's error message. */
  send<C extends Command>(command: C): Promise<CommandResults[C['type']]>;
  /** Listens to every worker message (run events, server states). Returns an unsubscribe function. */
  subscribe(listener: (message: WorkerMessage) => void): () => void;
  /**
   * Hears that the engine died (an uncaught error or out of memory ended the worker). Pending commands
   * are rejected first; `reason` is the worker's error message in plain words. Optional: an in-process
   * client cannot crash apart from the page. Returns an unsubscribe function.
   */
  onCrash?(listener: (reason: string) => void): () => void;
  /** Ends the worker and rejects pending commands. */
  dispose(): void;
}
