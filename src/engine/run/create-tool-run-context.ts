// Pure: the context a tool's run is given, with its signal made on first read. No timers, no I/O.
import type { ToolRunContext } from '../tool/tool';

// A base whose constructor returns the object it is given: a subclass's fields then go on that object.
class Onto {
  constructor(target: object) {
    return target;
  }
}

// Where a context keeps the function that makes its signal: a private field stamped onto the plain object
// (through `Onto`), so no key list, spread, copy or JSON of the context shows it. It costs a store V8 caches,
// where the symbol property it replaces took an `Object.defineProperty` per call (about a third of what a
// context cost to make). Stamped before the other fields, which keeps the object's properties fast.
class SignalMaker extends Onto {
  readonly #makeSignal: () => AbortSignal;

  constructor(target: object, makeSignal: () => AbortSignal) {
    super(target);
    this.#makeSignal = makeSignal;
  }

  /** The signal of `holder`, or of the nearest of its prototypes that is a context, as a property read finds it. */
  static signalOf(holder: object): AbortSignal {
    for (let at: object | null = holder; at !== null; at = Object.getPrototypeOf(at) as object | null)
      if (#makeSignal in at) return at.#makeSignal();
    throw new TypeError('signal read from an object that is not a tool run context');
  }
}

// One getter for every context (taken from a literal so it keeps the name `get signal`). A getter written in
// each context's literal is a new function per call, and the hidden class that holds it lives in the old
// generation: it kept the call's closures (and all they reach) alive through every young-generation GC until a
// full one, which made the engine's GCs copy about three times as much and cost a third of its time per round.
const signalGetter = (
  Object.getOwnPropertyDescriptor(
    {
      get signal(): AbortSignal {
        return SignalMaker.signalOf(this as object);
      },
    },
    'signal',
  ) as { get: (this: object) => AbortSignal }
).get;

// One descriptor for every context: the shared getter, enumerable and configurable as a literal's getter is. A
// literal with exactly these keys (not the getOwnPropertyDescriptor copy, which has a `set` key too) is the
// descriptor V8 reads fastest: 232.9k → 229.5k instructions per round in the engine bench.
const signalProperty: PropertyDescriptor = { get: signalGetter, enumerable: true, configurable: true };

/**
 * A tool run's context: `signal` an own enumerable getter, as a literal's would be (a spread or a copy reads
 * it), that calls `makeSignal` each time it is read; then the other fields in the interface's order.
 */
export function createToolRunContext(
  makeSignal: () => AbortSignal,
  onProgress: ToolRunContext['onProgress'],
  log: ToolRunContext['log'],
  deadline: NonNullable<ToolRunContext['deadline']>,
  holdIdle: NonNullable<ToolRunContext['holdIdle']>,
  callId?: string,
): ToolRunContext {
  const context = new SignalMaker({}, makeSignal) as unknown as ToolRunContext;
  Object.defineProperty(context, 'signal', signalProperty);
  context.onProgress = onProgress;
  context.log = log;
  context.deadline = deadline;
  context.holdIdle = holdIdle;
  if (callId !== undefined) context.callId = callId;
  return context;
}
