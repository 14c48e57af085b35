// One QuickJS runtime and context under the sandbox's caps, with the handles it owns and a switchable deadline.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { SandboxLimits } from './sandbox-limits';

/** What the interpreter threw, as a handle the session owns. */
export class VmError extends Error {
  constructor(readonly handle: QuickJSHandle) {
    super('The code in the sandbox threw.');
  }
}

/** Memory and time the host's own reading (error text, console) may use after the handler's caps are spent. */
const REPORT_MEMORY_RESERVE_BYTES = 8 * 1024 * 1024;
const REPORT_TIME_MS = 250;
/** Jobs run between two looks at the deadline. */
const JOBS_PER_CHECK = 1000;

/** A runtime and context with the memory and stack caps set and a deadline polled by the interrupt handler. */
export class QuickJSSession {
  readonly runtime: QuickJSRuntime;
  readonly context: QuickJSContext;
  private readonly owned: QuickJSHandle[] = [];
  private deadline = Number.POSITIVE_INFINITY;
  private reporting = false;
  /** Set when the handler's deadline stopped the interpreter (not the report's). */
  interrupted = false;
  /** Set when the module's state is lost (the host's stack overflowed inside WebAssembly): never touch it again. */
  poisoned = false;

  constructor(
    quickjs: QuickJSWASMModule,
    private readonly limits: SandboxLimits,
    private readonly now: () => number,
  ) {
    this.runtime = quickjs.newRuntime();
    this.runtime.setMemoryLimit(limits.memoryBytes);
    this.runtime.setMaxStackSize(limits.stackBytes);
    this.runtime.setInterruptHandler(() => {
      if (this.now() < this.deadline) return false;
      if (!this.reporting) this.interrupted = true;
      return true;
    });
    this.context = this.runtime.newContext();
  }

  /** Starts the handler's time cap. */
  startDeadline(timeoutMs: number): void {
    this.deadline = this.now() + timeoutMs;
  }

  /** After the handler: a short deadline and a little more memory for reading its error and console. */
  enterReport(): void {
    if (this.reporting) return;
    this.reporting = true;
    this.deadline = this.now() + REPORT_TIME_MS;
    this.runtime.setMemoryLimit(this.limits.memoryBytes + REPORT_MEMORY_RESERVE_BYTES);
  }

  own(handle: QuickJSHandle): QuickJSHandle {
    this.owned.push(handle);
    return handle;
  }

  /** Evaluates `code` as a script; throws VmError with what it threw. */
  evaluate(code: string, filename: string): QuickJSHandle {
    const result = this.context.evalCode(code, filename, { type: 'global', strict: true });
    if (result.error !== undefined) throw new VmError(this.own(result.error));
    return this.own(result.value);
  }

  /** Calls `fn` with `this` undefined; throws VmError with what it threw. */
  call(fn: QuickJSHandle, ...args: QuickJSHandle[]): QuickJSHandle {
    const result = this.context.callFunction(fn, this.context.undefined, ...args);
    if (result.error !== undefined) throw new VmError(this.own(result.error));
    return this.own(result.value);
  }

  /**
   * Runs queued jobs until none is left or the deadline passes (then `interrupted` is set and the rest stay
   * queued); throws VmError if one threw past its promise (an interrupt). The deadline is checked here too: an
   * interrupted job only rejects its own promise, so an endless promise chain outlives any single interrupt.
   */
  drainJobs(): void {
    while (this.runtime.hasPendingJob()) {
      if (this.now() >= this.deadline) {
        if (!this.reporting) this.interrupted = true;
        return;
      }
      const jobs = this.runtime.executePendingJobs(JOBS_PER_CHECK);
      if (jobs.error !== undefined) throw new VmError(this.own(jobs.error));
    }
  }

  /** Frees everything, unless the module is poisoned (then it is dropped whole by the caller). */
  close(): void {
    if (this.poisoned) return;
    try {
      for (const handle of this.owned.reverse()) if (handle.alive) handle.dispose();
      this.context.dispose();
      this.runtime.dispose();
    } catch (error) {
      // QuickJS can abort on freeing a runtime an interrupt left mid-job (its leak assertion). The outcome is
      // already known; the module is dropped (the sandbox worker is terminated after every call).
      if (!(error instanceof Error)) throw error;
      this.poisoned = true;
    }
  }
}
