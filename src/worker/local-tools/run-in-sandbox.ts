// Runs a local tool's handler in a fresh worker per call, ended on answer, timeout or cancel.
import { buildSandboxScript } from './sandbox-script';

/** The part of a Worker the runner uses, so Node tests can give a worker_threads-backed one. */
export interface SandboxWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
}

/** Starts a worker running `script` (the full text of a classic worker script). */
export type SpawnSandbox = (script: string) => SandboxWorker;

/** Runs `source` on `input`; resolves with what the handler returned, rejects with its error. */
export type RunHandler = (
  source: string,
  input: Record<string, unknown>,
  options: { timeoutMs: number; signal: AbortSignal },
) => Promise<unknown>;

/** The browser's spawn: a classic worker from a Blob URL (the CSP allows `worker-src blob:`; no eval is needed). */
export const spawnBlobWorker: SpawnSandbox = (script) => {
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  const worker = new Worker(url, { name: 'loupe-local-tool' });
  URL.revokeObjectURL(url);
  return worker as unknown as SandboxWorker;
};

class SandboxTimeoutError extends Error {
  // Named like a timed-out fetch's DOMException, so it reads as a timeout, not a tool failure.
  override readonly name = 'TimeoutError';
}

/** A handler runner over `spawn`: one worker per call, terminated however the call ends. */
export function createHandlerRunner(spawn: SpawnSandbox): RunHandler {
  return (source, input, { timeoutMs, signal }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new Error('The call was cancelled before it started.'));
        return;
      }
      const worker = spawn(buildSandboxScript(source));
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        worker.terminate();
        outcome();
      };
      const onAbort = () => finish(() => reject(new Error('The call was cancelled; the handler was stopped.')));
      const timer = setTimeout(
        () => finish(() => reject(new SandboxTimeoutError(`The handler did not answer within ${timeoutMs} ms.`))),
        timeoutMs,
      );
      signal.addEventListener('abort', onAbort, { once: true });
      worker.onmessage = ({ data }) => {
        const answer = data as { ok: boolean; value?: unknown; error?: string };
        finish(() => (answer.ok ? resolve(answer.value) : reject(new Error(answer.error ?? 'The handler failed.'))));
      };
      worker.onerror = (event) =>
        finish(() => reject(new Error(`The handler could not run: ${event.message ?? 'a syntax or load error'}.`)));
      worker.postMessage({ input });
    });
}
