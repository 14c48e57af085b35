// When an error ends the run, say what went wrong and what to try, where the person is looking.
import type { RunErrorInfo } from '../../engine/event/run-event';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { STREAM_LOST_ERROR_TYPE } from '../../shared/stream-lost';

/** Error types that say the request did not fit the model's context (llama.cpp's, OpenAI's). */
const contextOverflowTypes = new Set(['exceed_context_size_error', 'context_length_exceeded']);

/** The request was too big for the model's context: the provider names it, or Anthropic says so in words. */
export function isContextOverflow(error: RunErrorInfo): boolean {
  if (error.errorType !== undefined && contextOverflowTypes.has(error.errorType)) return true;
  return error.status === 400 && /prompt is too long|context (?:length|size|window)/i.test(error.message);
}

/** What helps, for the error the run ended with. */
export function hintFor(error: RunErrorInfo): string {
  const { status } = error;
  if (error.errorType === STREAM_LOST_ERROR_TYPE)
    return 'Nothing in the settings needs changing: press Retry round on the failed round to send its request again.';
  if (isContextOverflow(error)) {
    return 'To make it fit: send fewer tools (untick some in Tools), a smaller history (a new run, or a fork from an earlier round), or give the model a larger context on the server (llama-server --ctx-size, Ollama num_ctx, LM Studio context length, vLLM --max-model-len).';
  }
  if (status === 401 || status === 403) return 'Check the API key and that it may use this model.';
  if (status === 404) return 'Check the model id and the base URL.';
  if (status === 429) return 'The provider is rate-limiting: wait a moment and run again.';
  if (status !== undefined && status >= 500) return 'The provider had a problem: run again in a moment.';
  return 'Check the settings and run again.';
}

export function RunErrorAlert() {
  const error = useLoupeStore((state) => (state.runView.finishReason === 'error' ? state.runView.error : undefined));
  if (error === undefined) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      <p className="font-medium">
        The run failed{error.status === undefined ? '' : ` (HTTP ${error.status})`}: {error.message}
      </p>
      <p className="mt-0.5 text-xs text-red-700/90 dark:text-red-300/80">{hintFor(error)}</p>
    </div>
  );
}
