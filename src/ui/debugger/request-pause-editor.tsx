// At a pause before a model request: the exact request that will be sent, editable, with its token count.
import { useMemo, useState } from 'react';
import { PauseEditorHint } from './pause-editor-hint';
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import { JsonEditor } from '../json-editor/json-editor';
import { requestSchema } from './pause-schemas';
import { toRequestJson, toRequestPatch } from './request-json';

function TokenLine() {
  const tokens = useLoupeStore((state) => state.debug.tokens);
  const countTokens = useLoupeStore((state) => state.countTokens);
  const text =
    tokens === null
      ? ''
      : tokens.status === 'counting'
        ? 'Counting input tokens…'
        : tokens.status === 'counted'
          ? `${tokens.inputTokens.toLocaleString('en')} input tokens (counted by the provider)`
          : tokens.status === 'unavailable'
            ? 'This provider has no token-count endpoint.'
            : `Could not count the tokens: ${tokens.message}`;
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      <span aria-label="Input tokens">{text}</span>
      {tokens !== null && tokens.status !== 'unavailable' && (
        <button type="button" className={smallButtonClass} onClick={() => void countTokens()}>
          Count again
        </button>
      )}
    </p>
  );
}

export function RequestPauseEditor({ point }: { point: Extract<PausePoint, { kind: 'before-request' }> }) {
  const original = useMemo(() => toRequestJson(point.request), [point.request]);
  const [text, setText] = useState(original);
  const setDraft = useLoupeStore((state) => state.setDraft);

  return (
    <div className="space-y-2">
      <TokenLine />
      <JsonEditor
        ariaLabel="Pending request"
        autoFocus
        value={text}
        height={320}
        schema={requestSchema}
        onChange={setText}
        onValidChange={(result, next) => {
          if (next === original) return setDraft(null);
          setDraft(
            result.valid
              ? {
                  decision: { type: 'edit-request', patch: toRequestPatch(result.value as Record<string, unknown>) },
                  problems: [],
                }
              : { decision: { type: 'continue' }, problems: result.problems },
          );
        }}
      />
      <PauseEditorHint
        hint={
          'Edit system, messages, tools, max_tokens, temperature or tool_choice; Step or Continue sends it as shown.'
        }
        edited={text !== original}
        onUndo={() => {
          setText(original);
          setDraft(null);
        }}
      />
    </div>
  );
}
