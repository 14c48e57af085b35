// At a pause before a tool call: the exact input (editable, validated against the tool's schema), approval, skip.
import { useMemo, useState } from 'react';
import { PauseEditorHint } from './pause-editor-hint';
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { JsonEditor } from '../json-editor/json-editor';
import { ApprovalChoices } from './approval-choices';
import { SkipCallForm } from './skip-call-form';

const objectSchema = { type: 'object' };

export function ToolInputPauseEditor({ point }: { point: Extract<PausePoint, { kind: 'before-tool' }> }) {
  const original = useMemo(() => JSON.stringify(point.input, null, 2), [point.input]);
  const [text, setText] = useState(original);
  // Parts of the schema not checked (a $ref Loupe does not follow); said once, never blocking the edit.
  const [notes, setNotes] = useState<string[]>([]);
  const setDraft = useLoupeStore((state) => state.setDraft);
  const draft = useLoupeStore((state) => state.debug.draft);
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
        autoFocus
        value={text}
        height={180}
        schema={schema}
        onChange={setText}
        onValidChange={(result, next) => {
          setNotes(result.notes ?? []);
          if (next === original) return setDraft(null);
          setDraft(
            result.valid
              ? { decision: { type: 'edit-input', input: result.value as Record<string, unknown> }, problems: [] }
              : { decision: { type: 'continue' }, problems: result.problems },
          );
        }}
      />
      {notes.length > 0 && (
        <ul aria-label="Schema notes" className="list-disc pl-5 text-xs text-amber-800 dark:text-amber-300">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <PauseEditorHint
        hint="Validated against the tool's schema; Step or Continue runs the call with the input as shown."
        edited={text !== original}
        onUndo={() => {
          setText(original);
          setDraft(null);
        }}
      />
      {askedForApproval && (
        <ApprovalChoices
          toolName={point.name}
          approval={
            draft?.problems.length === 0 && draft.decision.type === 'edit-input' ? draft.decision : { type: 'continue' }
          }
          blocked={draft !== null && draft.problems.length > 0}
          edited={text !== original}
        />
      )}
      <SkipCallForm />
    </div>
  );
}
