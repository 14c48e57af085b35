// The body of a local-tool sandbox worker: instantiate QuickJS, run the one handler it is sent, answer.
import { evaluateHandler } from './evaluate-handler';
import { loadQuickJS } from './load-quickjs';
import { isSandboxRequest, type SandboxAnswer } from './sandbox-messages';

/** The part of a worker's global scope the sandbox uses (Node tests give a worker_threads stand-in). */
export interface SandboxScope {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: SandboxAnswer): void;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Answers the first request on `scope`; the runner terminates the worker after the answer (or before). */
export function serveSandbox(scope: SandboxScope): void {
  scope.onmessage = ({ data }) => {
    scope.onmessage = null;
    if (!isSandboxRequest(data)) {
      scope.postMessage({ type: 'failure', message: 'The JavaScript sandbox received a request it cannot read.' });
      return;
    }
    loadQuickJS(data.wasmModule).then(
      (quickjs) => {
        try {
          const { poisoned: _poisoned, ...outcome } = evaluateHandler(quickjs, data, data.limits);
          scope.postMessage({ type: 'outcome', outcome });
        } catch (error) {
          scope.postMessage({ type: 'failure', message: `The JavaScript sandbox failed: ${errorText(error)}` });
        }
      },
      (error: unknown) =>
        scope.postMessage({ type: 'failure', message: `The JavaScript sandbox could not start: ${errorText(error)}` }),
    );
  };
}
