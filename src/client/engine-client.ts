// The main thread's seam to the engine worker. A worker-backed client and an in-process one implement it.
import type { Command, CommandResults, WorkerMessage } from '../protocol/messages';

/** Sends commands to the engine and hears what it reports. */
export interface EngineClient {
  /** Sends a command; resolves with its reply value, rejects with the worker's error message. */
  send<C extends Command>(command: C): Promise<CommandResults[C['type']]>;
  /** Listens to every worker message (run events, server states). Returns an unsubscribe function. */
  subscribe(listener: (message: WorkerMessage) => void): () => void;
  /**
   * Hears that the engine died: an uncaught error or out of memory ended the worker, it stopped answering
   * the heartbeat, or it never started. Commands it held are rejected first; `reason` says what happened
   * in plain words; `restarting` tells whether a new engine is on its way (then `onRestart` follows) or the
   * engine stays down (too many restarts, or a client that cannot make workers). Optional: an in-process
   * client cannot crash apart from the page. Returns an unsubscribe function.
   */
  onCrash?(listener: (reason: string, restarting: boolean) => void): () => void;
  /**
   * Hears that a replacement engine is ready after a crash. It knows nothing yet: no servers, no runs —
   * the listener reconnects servers and restores the session from its last checkpoint. Returns an
   * unsubscribe function.
   */
  onRestart?(listener: () => void): () => void;
  /**
   * True once the engine has said it is ready (after a restart: once the new one has). Commands sent
   * before are queued, not lost; callers use this to not count engine start-up against their own bounds.
   * Optional: an in-process client is always ready.
   */
  isReady?(): boolean;
  /** Ends the worker and rejects pending commands. */
  dispose(): void;
}
