// At a pause before a tool call: the exact input (editable, validated against the tool's schema), approval, skip.
import { useId, useMemo, useState } from 'react';
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, labelClass, primaryButtonClass, secondaryButtonClass, smallButtonClass } from '../common/styles';
import { JsonEditor } from '../json-editor/json-editor';
import { SkipCallForm } from './skip-call-form';

const objectSchema = { type: 'object' };

export function ToolInputPauseEditor({ point }: { point: Extract<PausePoint, { kind: 'before-tool' }> }) {
  const denyId = useId();
  const original = useMemo(() => JSON.stringify(point.input, null, 2), [point.input]);
  const [text, setText] = useState(original);
  const [denyReason, setDenyReason] = useState('');
  const setDraft = useLoupeStore((state) => state.setDraft);
  const draft = useLoupeStore((state) => state.debug.draft);
  const resolvePause = useLoupeStore((state) => state.resolvePause);
  const askedForApproval = point.reasons.some((reason) => reason.kind === 'approval');
  const schema = point.inputSchema ?? objectSchema;

  return (
    <div className="space-y-3">
      {point.problem !== undefined && (
        <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
          As written, this call will not run: {point.problem} Edit the input to fix it, or skip the call.
        </p>
      )}
      <JsonEditor
        ariaLabel="Tool input"
        value={text}
        height={180}
        schema={schema}
        onChange={setText}
        onValidChange={(result, next) => {
          if (next === original) return setDraft(null);
          setDraft(
            result.valid
              ? { decision: { type: 'edit-input', input: result.value as Record<string, unknown> }, problems: [] }
              : { decision: { type: 'continue' }, problems: result.problems },
          );
        }}
      />
      <div className="flex flex-wrap items-center gap-2 text-[11px] text-zinc-500">
        <span>Validated against the tool's schema; Step or Continue runs the call with the input as shown.</span>
        {text !== original && (
          <button
            type="button"
            className={smallButtonClass}
            onClick={() => {
              setText(original);
              setDraft(null);
            }}
          >
            Undo edits
          </button>
        )}
      </div>
      {askedForApproval && (
        <div className="flex flex-wrap items-end gap-2 rounded-md border border-amber-300 bg-amber-50/60 p-2 dark:border-amber-500/40 dark:bg-amber-500/5">
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => void resolvePause(draft?.problems.length === 0 ? draft.decision : { type: 'continue' })}
            disabled={draft !== null && draft.problems.length > 0}
          >
            {text === original ? 'Approve' : 'Approve edited input'}
          </button>
          <div className="min-w-48 flex-1">
            <label htmlFor={denyId} className={labelClass}>
              Reason for denying (the model reads it)
            </label>
            <input
              id={denyId}
              className={inputClass}
              value={denyReason}
              onChange={(event) => setDenyReason(event.target.value)}
            />
          </div>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => void resolvePause({ type: 'deny', message: denyReason })}
          >
            Deny
          </button>
        </div>
      )}
      <SkipCallForm />
    </div>
  );
}
