// Pure: the AbortSignal each model call of a run is given, one kept from call to call while it can be. No timers, no I/O.
import type { AbortSource } from './cancel-scope';

/** One model call's cancel: the signal its `doStream` gets, aborted with the run or on its own. */
export interface ModelCallSignal {
  /** Given to `Model.doStream`; aborts when the run's cancel does (same reason) or on `abort()`. */
  readonly signal: AbortSignal;
  /** Stops this call's request (a silent or failed stream): not the run, and not a later call. */
  abort(reason: unknown): void;
  /** The call is over: the link to the run's cancel goes. Idempotent. */
  end(): void;
}

/** Hands out the model calls' signals of one run, one call at a time. */
export interface ModelCallSignals {
  /** The signal of the next call, following `parent` (the run's cancel) until `end()`. */
  begin(parent: AbortSource): ModelCallSignal;
}

type AddListener = (
  this: AbortSignal,
  type: string,
  listener: EventListenerOrEventListenerObject,
  options?: boolean | AddEventListenerOptions,
) => void;

/**
 * Creates the run's source of model-call signals. A call's signal is handed to the next call when the call
 * ended with nothing on it: not aborted, no listener added, no `onabort` set — the state of a signal made
 * anew, which is what each call got before, so the next call cannot tell. Any other call's signal is left
 * to it (nothing aborts it any more, as before) and the next call gets a new one. Most models only poll
 * `aborted` between parts (a replayed run's, the bench's lean model): they share one signal a run. One made
 * per call cost the engine bench about a sixth of its time per round in Node 20, where an `AbortSignal`
 * takes about 3 µs to make and comes with a hidden class of its own (made cheap in Node 22:
 * nodejs/node#52408).
 *
 * A listener is seen through the signal's own `addEventListener` (an own, non-enumerable property that
 * notes the call, then adds the listener as the prototype's does). A platform API given the signal subscribes
 * without it (a browser's `fetch`): such a subscription of an ended call may see a later call's abort, when
 * its request has nothing left to stop (and browsers hold those subscriptions weakly, see whatwg/fetch#1646).
 */
export function createModelCallSignals(): ModelCallSignals {
  let controller: AbortController | undefined;
  // Whether a listener was added to `controller.signal` since it was made.
  let listened = false;
  let open = false;

  const renew = (): AbortController => {
    const fresh = new AbortController();
    const { signal } = fresh;
    // The prototype's method, which the own one below shadows (`AbortSignal.prototype`, or a subclass's).
    const inherited = Object.getPrototypeOf(signal) as AbortSignal;
    const addEventListener: AddListener = function (type, listener, options) {
      if (this === signal && fresh === controller) listened = true;
      inherited.addEventListener.call(this, type, listener, options);
    };
    Object.defineProperty(signal, 'addEventListener', { value: addEventListener, writable: true, configurable: true });
    controller = fresh;
    listened = false;
    return fresh;
  };

  return {
    begin(parent) {
      // A call that has not ended (a caller's bug) keeps its signal to itself.
      const current = open || controller === undefined || controller.signal.aborted || listened ? renew() : controller;
      const { signal } = current;
      const forward = (): void => current.abort(parent.reason);
      if (parent.aborted) forward();
      else parent.addEventListener('abort', forward, { once: true });
      open = true;
      let ended = false;
      return {
        signal,
        abort: (reason) => current.abort(reason),
        end() {
          if (ended) return;
          ended = true;
          parent.removeEventListener('abort', forward);
          if (current !== controller) return;
          open = false;
          // A handler set through `onabort` is a listener too (a browser's is not added through the method).
          if (signal.onabort !== null) listened = true;
        },
      };
    },
  };
}
