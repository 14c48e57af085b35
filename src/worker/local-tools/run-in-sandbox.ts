// Runs a local tool's handler in a fresh QuickJS sandbox worker per call, ended on answer, backstop or cancel.
import { onceUntilFailed } from '../../shared/once-until-failed';
import type { HandlerOutcome } from './evaluate-handler';
import { SANDBOX_LIMITS, SANDBOX_START_ALLOWANCE_MS, type SandboxLimits } from './sandbox-limits';
import type { SandboxAnswer, SandboxRequest } from './sandbox-messages';

/** The part of a Worker the runner uses, so Node tests can give a worker_threads-backed one. */
export interface SandboxWorker {
  postMessage(message: SandboxRequest): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
}

/** Starts a sandbox worker (`sandbox-worker-entry.ts` in the browser). */
export type SpawnSandbox = () => SandboxWorker;

/** Runs `source` on `input`; resolves with how the handler ended, rejects when the sandbox could not run it. */
export type RunHandler = (
  source: string,
  input: Record<string, unknown>,
  options: { timeoutMs: number; signal: AbortSignal },
) => Promise<HandlerOutcome>;

/** What the runner needs: a way to start a sandbox worker and to compile QuickJS's WebAssembly once. */
export interface HandlerRunnerOptions {
  spawn: SpawnSandbox;
  compileQuickJS: () => Promise<WebAssembly.Module>;
  limits?: SandboxLimits;
  /** Added to the handler's time cap for the worker to start; past both, the worker is terminated. */
  startAllowanceMs?: number;
}

const number = new Intl.NumberFormat('en');

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A handler runner: QuickJS is compiled once (on the first call, so nothing loads before a local JavaScript
 * tool runs) and each call gets its own worker and WebAssembly instance, terminated however the call ends.
 * The handler's time cap is enforced inside by QuickJS's interrupt handler; the runner's backstop ends a
 * worker stuck where the interpreter cannot interrupt (one long built-in call) or slow to start.
 */
export function createHandlerRunner(options: HandlerRunnerOptions): RunHandler {
  const limits = options.limits ?? SANDBOX_LIMITS;
  const allowanceMs = options.startAllowanceMs ?? SANDBOX_START_ALLOWANCE_MS;
  // A failed compile is tried again by the next call (a network hiccup).
  const compile = onceUntilFailed(
    () => options.compileQuickJS(),
    (error) => new Error(`The JavaScript sandbox could not start: ${errorText(error)}`),
  );

  return (source, input, { timeoutMs, signal }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new Error('The call was cancelled before it started.'));
        return;
      }
      let worker: SandboxWorker | undefined;
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        worker?.terminate();
        outcome();
      };
      const onAbort = () => finish(() => reject(new Error('The call was cancelled; the handler was stopped.')));
      const backstopMs = timeoutMs + allowanceMs;
      const timer = setTimeout(
        () =>
          finish(() =>
            resolve({
              kind: 'cap',
              cap: 'time',
              message: `Time cap: the sandbox did not answer within ${number.format(backstopMs)} ms (the handler's ${number.format(timeoutMs)} ms plus ${number.format(allowanceMs)} ms to start) and was stopped.`,
              console: [],
            }),
          ),
        backstopMs,
      );
      signal.addEventListener('abort', onAbort, { once: true });

      compile().then(
        (wasmModule) => {
          if (settled) return;
          worker = options.spawn();
          worker.onmessage = ({ data }) => {
            const answer = data as SandboxAnswer;
            finish(() => (answer.type === 'outcome' ? resolve(answer.outcome) : reject(new Error(answer.message))));
          };
          worker.onerror = (event) =>
            finish(() =>
              reject(
                new Error(`The JavaScript sandbox could not start: ${event.message ?? 'its worker failed to load'}.`),
              ),
            );
          worker.postMessage({ wasmModule, source, input, timeoutMs, limits });
        },
        (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
}
