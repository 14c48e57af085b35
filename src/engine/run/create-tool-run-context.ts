// Pure: the context a tool's run is given, with its signal made on first read. No timers, no I/O.
import type { ToolRunContext } from '../tool/tool';

// Where a context keeps the function that makes its signal: a symbol property that is not enumerable, so
// no key list, spread or JSON of the context shows it.
const MAKE_SIGNAL = Symbol('makeSignal');

interface LazySignalHolder {
  [MAKE_SIGNAL]: () => AbortSignal;
}

// One getter for every context (taken from a literal so it keeps the name `get signal`). A getter written in
// each context's literal is a new function per call, and the hidden class that holds it lives in the old
// generation: it kept the call's closures (and all they reach) alive through every young-generation GC until a
// full one, which made the engine's GCs copy about three times as much and cost a third of its time per round.
const sharedSignal = Object.getOwnPropertyDescriptor(
  {
    get signal(): AbortSignal {
      return (this as unknown as LazySignalHolder)[MAKE_SIGNAL]();
    },
  },
  'signal',
) as PropertyDescriptor;

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
): ToolRunContext {
  const context = {} as ToolRunContext;
  Object.defineProperty(context, 'signal', sharedSignal);
  context.onProgress = onProgress;
  context.log = log;
  context.deadline = deadline;
  context.holdIdle = holdIdle;
  Object.defineProperty(context, MAKE_SIGNAL, { value: makeSignal });
  return context;
}
