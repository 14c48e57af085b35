// The pending request's size per part — system, tools, history — as the documented estimate (≈, at once, also
// for an edit) and, where the provider has a token-count endpoint, as it counts them (at the pause, on demand).
import { useMemo } from 'react';
import type { ModelRequest } from '../../engine/model/model';
import { CHARS_PER_TOKEN, estimateRequestTokens } from '../../shared/estimate-tokens';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { TokenCount } from '../../store/debug/debug-state';
import type { TokenParts } from '../../store/debug/token-parts';
import { smallButtonClass } from '../common/styles';

const format = (tokens: number): string => tokens.toLocaleString('en-US');
const describeParts = (parts: TokenParts): string =>
  `system ${format(parts.system)} · tools ${format(parts.tools)} · history ${format(parts.history)}`;

function describeCount(tokens: TokenCount): string {
  switch (tokens.status) {
    case 'counting':
      return tokens.perPart === true ? 'Counting input tokens per part…' : 'Counting input tokens…';
    case 'counted':
      return `${format(tokens.inputTokens)} input tokens (counted by the provider)${tokens.parts === undefined ? '' : `: ${describeParts(tokens.parts)}`}`;
    case 'unavailable':
      return 'This provider has no token-count endpoint: the estimate above is all there is.';
    case 'failed':
      return `Could not count the tokens: ${tokens.message}`;
  }
}

/** The request as Step or Continue would send it: the pending one with the panel's valid edit applied. */
function useRequestAsEdited(request: ModelRequest): ModelRequest {
  const draft = useLoupeStore((state) => state.debug.draft);
  return useMemo(
    () => (draft?.decision.type === 'edit-request' ? { ...request, ...draft.decision.patch } : request),
    [request, draft],
  );
}

export function RequestTokenSizes({ request }: { request: ModelRequest }) {
  const tokens = useLoupeStore((state) => state.debug.tokens);
  const countTokens = useLoupeStore((state) => state.countTokens);
  const edited = useRequestAsEdited(request);
  // The estimate reads the whole history as JSON: once per edit, not on every render.
  const estimate = useMemo(() => estimateRequestTokens(edited), [edited]);
  const counting = tokens?.status === 'counting';
  return (
    <div className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
      <p>
        <span aria-label="Request size estimate" className="font-mono text-zinc-700 dark:text-zinc-300">
          ≈ {describeParts(estimate)} · total {format(estimate.total)} tokens
        </span>{' '}
        <span
          title={`About ${CHARS_PER_TOKEN} characters a token (images and PDFs at a flat rate); within about a quarter of a real count for ordinary text`}
        >
          (estimate)
        </span>
      </p>
      {tokens !== null && (
        <p className="flex flex-wrap items-center gap-2">
          <span aria-label="Input tokens">{describeCount(tokens)}</span>
          {tokens.status !== 'unavailable' && (
            <>
              {!(tokens.status === 'counted' && tokens.parts !== undefined) && (
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={counting}
                  title="Three count_tokens calls: the request, without tools, without tools and system"
                  onClick={() => void countTokens(true)}
                >
                  Count per part
                </button>
              )}
              <button
                type="button"
                className={smallButtonClass}
                disabled={counting}
                onClick={() => void countTokens(tokens.status === 'counted' && tokens.parts !== undefined)}
              >
                Count again
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
}
