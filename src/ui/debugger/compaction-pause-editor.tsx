// At a pause before a compaction: what will be trimmed or summarised, the tokens before and after, and the summary
// itself, editable; Continue applies it as shown, Skip compaction leaves the history as it is.
import { useState } from 'react';
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, secondaryButtonClass } from '../common/styles';
import { PauseEditorHint } from './pause-editor-hint';

const modeWords = { trim: 'Trim old tool results', summarise: 'Summarise old rounds', both: 'Trim and summarise' };
const EMPTY_SUMMARY = 'The summary is empty: write one, or skip the compaction.';

const approx = (tokens: number): string => `≈ ${tokens.toLocaleString('en-US')}`;

function describeWork(compaction: Extract<PausePoint, { kind: 'before-compaction' }>['compaction']): string {
  const parts = [
    ...(compaction.trimmedResults > 0
      ? [
          `shortens ${compaction.trimmedResults} old tool result${compaction.trimmedResults === 1 ? '' : 's'} to a marker`,
        ]
      : []),
    ...(compaction.summarisedMessages > 0
      ? [`replaces ${compaction.summarisedMessages} earlier messages with the summary below`]
      : []),
  ];
  return parts.length === 0 ? 'changes nothing' : parts.join(' and ');
}

export function CompactionPauseEditor({ point }: { point: Extract<PausePoint, { kind: 'before-compaction' }> }) {
  const { compaction } = point;
  const original = compaction.summary;
  const [text, setText] = useState(original ?? '');
  const setDraft = useLoupeStore((state) => state.setDraft);
  const resolvePause = useLoupeStore((state) => state.resolvePause);
  const draft = useLoupeStore((state) => state.debug.draft);

  const edit = (next: string): void => {
    setText(next);
    if (next === original) return setDraft(null);
    setDraft(
      next.trim() === ''
        ? { decision: { type: 'continue' }, problems: [EMPTY_SUMMARY] }
        : { decision: { type: 'edit-summary', summary: next }, problems: [] },
    );
  };

  return (
    <div className="space-y-2 text-xs text-zinc-700 dark:text-zinc-300">
      <dl aria-label="Planned compaction" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-zinc-600 dark:text-zinc-400">Policy</dt>
        <dd>{modeWords[compaction.mode]}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Why</dt>
        <dd>{compaction.because}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">What</dt>
        <dd>It {describeWork(compaction)}; the current round and the last kept rounds stay whole.</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Tokens</dt>
        <dd>
          <span aria-label="Compaction tokens" className="font-mono">
            {approx(compaction.tokensBefore)} → {approx(compaction.tokensAfter)}
          </span>{' '}
          (estimate of the whole next request; with an edited summary it is measured again)
        </dd>
      </dl>
      {original !== undefined && (
        <>
          <label className="block font-medium text-zinc-800 dark:text-zinc-200">
            Summary (written by the model; edit it before it replaces the older messages)
            <textarea
              aria-label="Compaction summary"
              // The pause takes focus here, so the person can edit at once and press F8 to continue.
              autoFocus
              rows={8}
              className={`${inputClass} mt-1 font-mono`}
              value={text}
              onChange={(event) => edit(event.target.value)}
            />
          </label>
          <PauseEditorHint
            hint="Step or Continue applies the compaction with the summary as shown."
            edited={text !== original}
            onUndo={() => edit(original)}
          />
        </>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          title="Apply it (with the summary as shown) and stay in the current step mode"
          onClick={() => void resolvePause(draft?.decision ?? { type: 'continue' })}
        >
          Apply compaction
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          title="Leave the history as it is; the next request sends it whole"
          onClick={() => void resolvePause({ type: 'skip-compaction' })}
        >
          Skip compaction
        </button>
        {original === undefined && (
          <span className="text-[11px] text-zinc-600 dark:text-zinc-400">
            Step or Continue applies the compaction as planned.
          </span>
        )}
      </div>
    </div>
  );
}
