// The manual model's turns: asks the UI for the person's reply and waits for it ("You are the model").
import type { ModelRequest } from '../engine/model/model';
import type { ManualReplyBlock } from '../protocol/debug-messages';
import type { WorkerMessage } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/messages';
import {
  findManualReplyProblems,
  type ManualReply,
  type ManualReplySource,
} from '../providers/manual/create-manual-model';

interface PendingTurn {
  turnId: string;
  request: ModelRequest;
  resolve: (reply: ManualReply) => void;
}

/** The waiting turns by run; one at most per run (the loop makes one model call at a time). */
export class ManualTurns {
  readonly #pending = new Map<string, PendingTurn>();
  readonly #post: (message: WorkerMessage) => void;
  readonly #createId: (prefix: string) => string;

  constructor(post: (message: WorkerMessage) => void, createId: (prefix: string) => string) {
    this.#post = post;
    this.#createId = createId;
  }

  /** The reply source of run `runId`: each model step posts `manual-turn` and waits for `manual-reply`. */
  sourceFor(runId: string): ManualReplySource {
    return {
      requestReply: (request, signal) =>
        new Promise<ManualReply>((resolve, reject) => {
          const turnId = this.#createId('turn');
          const onAbort = (): void => {
            if (this.#pending.get(runId)?.turnId === turnId) this.#pending.delete(runId);
            reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
          };
          if (signal.aborted) return onAbort();
          signal.addEventListener('abort', onAbort, { once: true });
          this.#pending.set(runId, {
            turnId,
            request,
            resolve: (reply) => {
              signal.removeEventListener('abort', onAbort);
              resolve(reply);
            },
          });
          this.#post({ v: PROTOCOL_VERSION, type: 'manual-turn', runId, turnId, tools: request.tools });
        }),
    };
  }

  /** Gives turn `turnId` its reply; throws, with what to fix, when the reply cannot be sent. */
  reply(runId: string, turnId: string, content: ManualReplyBlock[]): void {
    const pending = this.#pending.get(runId);
    if (pending?.turnId !== turnId) throw new Error('This model turn is over (the run went on or was stopped).');
    const reply: ManualReply = { content };
    const problems = findManualReplyProblems(reply, pending.request);
    if (problems.length > 0) throw new Error(problems.join(' '));
    this.#pending.delete(runId);
    pending.resolve(reply);
  }
}
