// Test helper: a fluent driver for the debugger's pauses, e.g.
// `await debugRun({ replies, tools }).send('hi').expectPause('before-tool').editInput({ city: 'Oslo' }).step()…`.
// Pure: no timers, no I/O.
import type { PauseDecision, PauseKind, PausePoint, RequestPatch, DebugPolicy } from '../debug/pause-point';
import type { FinishReason, RunEvent } from '../event/run-event';
import type { ToolResultContentBlock } from '../message/message';
import type { RunOptions, RunResult } from '../run/run-options';
import { runToolLoop } from '../run/run-tool-loop';
import type { Tool } from '../tool/tool';
import { createFakeEnvironment } from './fake-environment';
import { findRunProblems } from './find-run-problems';
import { createScriptedModel, type ScriptedModel, type ScriptedReplies } from './scripted-model';

/** What `debugRun` starts from; `policy` defaults to step mode with no breakpoints and approval off. */
export interface DebugRunOptions {
  replies: ScriptedReplies;
  tools?: Tool[];
  policy?: Partial<DebugPolicy>;
  validateInput?: (schema: Record<string, unknown>, input: Record<string, unknown>) => string | undefined;
  extra?: Partial<RunOptions>;
}

/** What `await driver` gives once every queued step has run. */
export interface DebugRunSnapshot {
  events: RunEvent[];
  /** Settled only after `expectEnd` (or once the run has ended). */
  result: RunResult | undefined;
  model: ScriptedModel;
  /** Every pause the run took, in order. */
  pauses: PausePoint[];
}

type Waiter = () => void;

/** The fluent driver; every method queues a step and returns the driver; `await` runs the queue. */
export class DebugDriver implements PromiseLike<DebugRunSnapshot> {
  readonly model: ScriptedModel;
  readonly events: RunEvent[] = [];
  readonly pauses: PausePoint[] = [];
  policy: DebugPolicy;
  result: RunResult | undefined;
  readonly #options: DebugRunOptions;
  readonly #steps: (() => Promise<void>)[] = [];
  readonly #controller = new AbortController();
  #current: { point: PausePoint; resolve: (decision: PauseDecision) => void } | undefined;
  #waiters: Waiter[] = [];
  #ended: Promise<RunResult> | undefined;
  #done = false;

  constructor(options: DebugRunOptions) {
    this.#options = options;
    this.model = createScriptedModel(options.replies);
    this.policy = {
      mode: 'step',
      breakpoints: [],
      approval: { enabled: false, tools: {} },
      ...options.policy,
    };
  }

  #queue(step: () => Promise<void> | void): this {
    this.#steps.push(async () => step());
    return this;
  }

  #notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    waiters.forEach((wake) => wake());
  }

  /** Waits until the run is paused or has ended. */
  async #settle(): Promise<void> {
    while (this.#current === undefined && !this.#done) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  #resolve(decision: PauseDecision, mode?: DebugPolicy['mode']): this {
    return this.#queue(async () => {
      await this.#settle();
      const current = this.#current;
      if (current === undefined) throw new Error(`Cannot answer '${decision.type}': the run is not paused (it ended).`);
      if (mode !== undefined) this.policy = { ...this.policy, mode };
      this.#current = undefined;
      current.resolve(decision);
    });
  }

  /** Starts the run with `text` as the user message. */
  send(text: string): this {
    return this.#queue(() => {
      const handle = runToolLoop({
        model: this.model,
        tools: this.#options.tools ?? [],
        history: [],
        userMessage: { role: 'user', content: [{ type: 'text', text }] },
        environment: createFakeEnvironment(),
        signal: this.#controller.signal,
        debug: {
          getPolicy: () => this.policy,
          pauseGate: (point) =>
            new Promise<PauseDecision>((resolve) => {
              this.pauses.push(point);
              this.#current = { point, resolve };
              this.#notify();
            }),
          ...(this.#options.validateInput ? { validateInput: this.#options.validateInput } : {}),
        },
        ...this.#options.extra,
      });
      const drain = (async () => {
        for await (const event of handle.events) this.events.push(event);
      })();
      this.#ended = handle.result.then(async (result) => {
        await drain;
        this.result = result;
        this.#done = true;
        this.#notify();
        return result;
      });
    });
  }

  /** Expects the run to be paused at `kind` (and, for tool points, at the call of `toolName`). */
  expectPause(kind: PauseKind, toolName?: string): this {
    return this.#queue(async () => {
      await this.#settle();
      const point = this.#current?.point;
      if (point === undefined) {
        throw new Error(`Expected a pause ${kind}, but the run ended (${this.result?.finishReason ?? '?'}).`);
      }
      const name = 'name' in point ? point.name : undefined;
      if (point.kind !== kind || (toolName !== undefined && name !== toolName)) {
        throw new Error(
          `Expected a pause ${kind}${toolName ? ` of ${toolName}` : ''}, got ${point.kind} ${name ?? ''}.`,
        );
      }
    });
  }

  /** Calls `check` with the current pause (for assertions on its payload or reasons). */
  inspectPause(check: (point: PausePoint) => void): this {
    return this.#queue(async () => {
      await this.#settle();
      if (this.#current === undefined) throw new Error('Expected a pause, but the run ended.');
      check(this.#current.point);
    });
  }

  /** Goes on to the next pause point (step mode). */
  step(): this {
    return this.#resolve({ type: 'continue' }, 'step');
  }

  /** Goes on to the next breakpoint, approval or the end. */
  continue(): this {
    return this.#resolve({ type: 'continue' }, 'run');
  }

  /** Goes on to the next model request (steps over the rest of the round). */
  stepOverRound(): this {
    return this.#resolve({ type: 'continue' }, 'next-round');
  }

  /** Asks a running run to stop at its next pause point (the Pause button). */
  pauseSoon(): this {
    return this.#queue(() => {
      this.policy = { ...this.policy, mode: 'step' };
    });
  }

  /** Replaces the policy's breakpoints or approval live. */
  setPolicy(patch: Partial<DebugPolicy>): this {
    return this.#queue(() => {
      this.policy = { ...this.policy, ...patch };
    });
  }

  editRequest(patch: RequestPatch): this {
    return this.#resolve({ type: 'edit-request', patch });
  }

  editInput(input: Record<string, unknown>): this {
    return this.#resolve({ type: 'edit-input', input });
  }

  editResult(result: string | ToolResultContentBlock[], isError = false): this {
    const content = typeof result === 'string' ? [{ type: 'text' as const, text: result }] : result;
    return this.#resolve({ type: 'edit-result', content, isError });
  }

  skipCall(result: string, isError = false): this {
    return this.#resolve({ type: 'skip', content: [{ type: 'text', text: result }], isError });
  }

  /** Answers the pause with `decision` as given (an approval with `remember`, say). */
  answer(decision: PauseDecision, mode?: DebugPolicy['mode']): this {
    return this.#resolve(decision, mode);
  }

  deny(message: string): this {
    return this.#resolve({ type: 'deny', message });
  }

  /** Stop at the pause (the debugger's Stop). */
  stop(): this {
    return this.#resolve({ type: 'stop' });
  }

  /** Cancels from outside (run-stop), paused or not. */
  cancel(): this {
    return this.#queue(() => {
      // The engine stops waiting for the gate on abort; the pending answer is moot.
      this.#current = undefined;
      this.#controller.abort();
    });
  }

  /** Expects the run to end with `finishReason` and a history that passes `repairHistory` unchanged. */
  expectEnd(finishReason: FinishReason): this {
    return this.#queue(async () => {
      await this.#settle();
      if (this.#current !== undefined) {
        throw new Error(`Expected the run to end (${finishReason}), but it is paused at ${this.#current.point.kind}.`);
      }
      const result = await this.#ended;
      if (result === undefined) throw new Error('The run was never started: call send() first.');
      if (result.finishReason !== finishReason) {
        throw new Error(`Expected finish reason ${finishReason}, got ${result.finishReason}.`);
      }
      const problems = findRunProblems(this.events, result);
      if (problems.length > 0) throw new Error(`The history is not valid:\n${problems.join('\n')}`);
    });
  }

  then<TResult1 = DebugRunSnapshot, TResult2 = never>(
    onfulfilled?: ((value: DebugRunSnapshot) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): PromiseLike<TResult1 | TResult2> {
    const steps = this.#steps.splice(0);
    const run = async (): Promise<DebugRunSnapshot> => {
      for (const step of steps) await step();
      return { events: this.events, result: this.result, model: this.model, pauses: this.pauses };
    };
    return run().then(onfulfilled, onrejected);
  }
}

/** Starts a fluent debugger test: `debugRun({ replies, tools }).send('hi').expectPause('before-request')…`. */
export function debugRun(options: DebugRunOptions): DebugDriver {
  return new DebugDriver(options);
}
