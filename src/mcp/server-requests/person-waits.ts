// Time a server spends waiting for the person (its elicitation form, its sampling approval) is no idleness of
// the server's: while one of its questions is open, the idle clocks of its running calls stand still — the
// engine's (`ToolRunContext.holdIdle`) and the MCP request's own (`createIdleClock`). The total limit still holds.
import type { ToolRunContext } from '../../engine/tool/tool';
import type { McpClientHandlers } from './mcp-client-handlers';
import { SdkError, SdkErrorCode } from '../sdk/sdk-errors';

/** The questions of one server open with the person now. */
export interface PersonWaits {
  /** Whether at least one question waits for the person. */
  readonly waiting: boolean;
  /** Marks a question open; the returned function closes it (idempotent). */
  begin(): () => void;
  /** Calls `listener(true)` when the first question opens and `listener(false)` when the last one closes. */
  subscribe(listener: (waiting: boolean) => void): () => void;
}

/** A `PersonWaits` for one server. */
export function createPersonWaits(): PersonWaits {
  let open = 0;
  const listeners = new Set<(waiting: boolean) => void>();
  const tell = (waiting: boolean) => {
    for (const listener of [...listeners]) listener(waiting);
  };
  return {
    get waiting() {
      return open > 0;
    },
    begin() {
      let closed = false;
      open += 1;
      if (open === 1) tell(true);
      return () => {
        if (closed) return;
        closed = true;
        open -= 1;
        if (open === 0) tell(false);
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Runs `ask` as an open question of `waits` (for the whole time it takes). */
export async function whileAsking<T>(waits: PersonWaits, ask: () => Promise<T>): Promise<T> {
  const end = waits.begin();
  try {
    return await ask();
  } finally {
    end();
  }
}

/** `handlers`' elicitation and sampling handlers, each answer counted as an open question of `waits`. */
export function askingHandlers(
  handlers: McpClientHandlers | undefined,
  waits: PersonWaits,
): Pick<McpClientHandlers, 'elicit' | 'sample'> {
  const { elicit, sample } = handlers ?? {};
  return {
    ...(elicit && { elicit: (params, signal) => whileAsking(waits, () => elicit(params, signal)) }),
    ...(sample && { sample: (params, signal) => whileAsking(waits, () => sample(params, signal)) }),
  };
}

/**
 * Holds `context`'s idle clock (`holdIdle`) whenever `waits` has a question open, from now until the returned
 * function is called (which also ends a hold in force).
 */
export function holdIdleWhileWaiting(waits: PersonWaits, context: ToolRunContext): () => void {
  if (context.holdIdle === undefined) return () => {};
  const hold = context.holdIdle;
  let release: (() => void) | undefined;
  const follow = (waiting: boolean) => {
    if (waiting) release ??= hold();
    else {
      release?.();
      release = undefined;
    }
  };
  follow(waits.waiting);
  const unsubscribe = waits.subscribe(follow);
  return () => {
    unsubscribe();
    follow(false);
  };
}

/** An idle timeout for one MCP request that stands still while the person answers the server. */
export interface IdleClock {
  /** Aborts (with an `SdkError` `RequestTimeout`, as the SDK's own timeout) after `idleMs` idle. */
  readonly signal: AbortSignal;
  /** Something happened (progress): the idle time starts afresh. */
  touch(): void;
  /** Stops the clock for good (the request is over). */
  stop(): void;
}

/**
 * An idle clock of `idleMs` for a request of a server whose open questions are `waits`: it does not run while a
 * question is open, and starts afresh when the last one closes.
 */
export function createIdleClock(idleMs: number, waits: PersonWaits): IdleClock {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () =>
    controller.abort(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: idleMs }));
  const restart = () => {
    clearTimeout(timer);
    timer = waits.waiting || controller.signal.aborted ? undefined : setTimeout(fire, idleMs);
  };
  const unsubscribe = waits.subscribe(restart);
  restart();
  return {
    signal: controller.signal,
    touch: restart,
    stop() {
      unsubscribe();
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
