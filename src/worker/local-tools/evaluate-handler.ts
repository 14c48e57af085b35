// Runs one local-tool handler in a fresh QuickJS runtime under the caps of SandboxLimits, synchronously.
import type { QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { QuickJSSession, VmError } from './quickjs-session';
import { describeCap, type SandboxCap, type SandboxLimits } from './sandbox-limits';
import { SANDBOX_PRELUDE } from './sandbox-prelude';

/** What a handler run came to. `console` holds what the handler logged (bounded), in order. */
export type HandlerOutcome =
  | { kind: 'text'; text: string; console: string[] }
  | { kind: 'json'; json: string; console: string[] }
  | { kind: 'nothing'; console: string[] }
  | { kind: 'error'; message: string; console: string[] }
  | { kind: 'cap'; cap: SandboxCap; message: string; console: string[] };

type Verdict = HandlerOutcome extends infer T ? (T extends unknown ? Omit<T, 'console'> : never) : never;

/** One call: the body of `async (input) => { … }`, its input, and its time cap. */
export interface HandlerRequest {
  source: string;
  input: Record<string, unknown>;
  timeoutMs: number;
}

interface Helpers {
  parse: QuickJSHandle;
  bounded: QuickJSHandle;
  describe: QuickJSHandle;
  readConsole: QuickJSHandle;
}

const UNREADABLE_ERROR = 'The handler failed with an error that cannot be read.';

function installPrelude(session: QuickJSSession, limits: SandboxLimits): Helpers {
  const { context } = session;
  const install = session.evaluate(SANDBOX_PRELUDE, 'prelude.js');
  const json = session.own(context.getProp(context.global, 'JSON'));
  const limitsValue = session.call(
    session.own(context.getProp(json, 'parse')),
    session.own(context.newString(JSON.stringify(limits))),
  );
  const api = session.call(install, limitsValue);
  const get = (name: keyof Helpers) => session.own(context.getProp(api, name));
  return { parse: get('parse'), bounded: get('bounded'), describe: get('describe'), readConsole: get('readConsole') };
}

/** The handler's value once its promise settled; throws VmError with a rejection. */
function settle(session: QuickJSSession, promise: QuickJSHandle): QuickJSHandle | 'pending' {
  session.drainJobs();
  const state = session.context.getPromiseState(promise);
  if (state.type === 'pending') return 'pending';
  if (state.type === 'rejected') throw new VmError(session.own(state.error));
  return state.notAPromise === true ? state.value : session.own(state.value);
}

function readSerialized(session: QuickJSSession, serialized: QuickJSHandle, limits: SandboxLimits): Verdict {
  const { context } = session;
  if (context.typeof(serialized) === 'number')
    return { kind: 'cap', cap: 'output', message: describeCap('output', limits, 0) };
  const text = context.getString(serialized);
  switch (text[0]) {
    case 't':
      return { kind: 'text', text: text.slice(1) };
    case 'j':
      return { kind: 'json', json: text.slice(1) };
    case 'n':
      return { kind: 'nothing' };
    default:
      return { kind: 'error', message: `The handler returned a ${text.slice(1)}, which is not text or JSON.` };
  }
}

function runHandler(
  session: QuickJSSession,
  helpers: Helpers,
  request: HandlerRequest,
  limits: SandboxLimits,
): Verdict {
  const { context } = session;
  // One line, so the handler's line numbers are the person's.
  const handler = session.evaluate(`(async function (input) {${request.source}\n})`, 'handler.js');
  if (context.typeof(handler) !== 'function')
    return { kind: 'error', message: 'The handler must be the body of a function.' };
  const input = session.call(helpers.parse, session.own(context.newString(JSON.stringify(request.input))));
  const value = settle(session, session.call(handler, input));
  if (value === 'pending')
    return {
      kind: 'error',
      message: 'The handler’s promise never settled: the sandbox has no timers, network or events to wait for.',
    };
  return readSerialized(
    session,
    session.call(helpers.bounded, value, session.own(context.newNumber(limits.outputCharacters))),
    limits,
  );
}

function classify(
  session: QuickJSSession,
  helpers: Helpers,
  error: QuickJSHandle,
  limits: SandboxLimits,
  timeoutMs: number,
): Verdict {
  let text: string;
  try {
    text = session.context.getString(session.call(helpers.describe, error));
  } catch (again) {
    if (!(again instanceof VmError)) throw again;
    text = `e${UNREADABLE_ERROR}`;
  }
  if (text === 'memory' || text === 'stack')
    return { kind: 'cap', cap: text, message: describeCap(text, limits, timeoutMs) };
  return { kind: 'error', message: text.slice(1) };
}

function readConsole(session: QuickJSSession, helpers: Helpers): string[] {
  try {
    const lines: unknown = JSON.parse(session.context.getString(session.call(helpers.readConsole)));
    return Array.isArray(lines) ? lines.filter((line): line is string => typeof line === 'string') : [];
  } catch (error) {
    if (error instanceof VmError) return ['(the console output could not be read)'];
    throw error;
  }
}

/**
 * Runs `request` in a new runtime of `quickjs` and reports the outcome. The handler gets the language, its
 * input (a copy made from JSON) and a console; no host function, so nothing outside the interpreter. Its
 * promise settles by running the interpreter's job queue; with no timers or I/O inside, one still pending
 * then never will. Caps: time (the interrupt handler, from the handler's compile on), memory and stack
 * (QuickJS's own), output (measured inside before anything is copied out).
 *
 * A handler that overflows the browser's own stack inside WebAssembly makes the host throw a `RangeError`;
 * that is reported as the stack cap with `poisoned`, and the caller must drop `quickjs`.
 */
export function evaluateHandler(
  quickjs: QuickJSWASMModule,
  request: HandlerRequest,
  limits: SandboxLimits,
  now: () => number = () => performance.now(),
): HandlerOutcome & { poisoned?: true } {
  const session = new QuickJSSession(quickjs, limits, now);
  try {
    const helpers = installPrelude(session, limits);
    // From the handler's compile on: a loaded machine's slow prelude must not spend the handler's time.
    session.startDeadline(request.timeoutMs);
    let verdict: Verdict;
    try {
      verdict = runHandler(session, helpers, request, limits);
      // A job stopped by the time cap rejects its own promise instead of throwing out of the queue: whatever the
      // handler then came to, the cap is what ended it.
      if (session.interrupted)
        verdict = { kind: 'cap', cap: 'time', message: describeCap('time', limits, request.timeoutMs) };
    } catch (error) {
      if (!(error instanceof VmError)) throw error;
      const interrupted = session.interrupted;
      session.enterReport();
      verdict = interrupted
        ? { kind: 'cap', cap: 'time', message: describeCap('time', limits, request.timeoutMs) }
        : classify(session, helpers, error.handle, limits, request.timeoutMs);
    }
    session.enterReport();
    return { ...verdict, console: readConsole(session, helpers) };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    session.poisoned = true;
    return {
      kind: 'cap',
      cap: 'stack',
      message: describeCap('stack', limits, request.timeoutMs),
      console: [],
      poisoned: true,
    };
  } finally {
    session.close();
  }
}
