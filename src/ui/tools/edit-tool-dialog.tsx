// "Edit as the model sees it": an override of a server tool's name, description and schema, with a diff and
// reset; plus the tool's own call timeout.
import { useMemo, useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { SecondsField } from '../common/seconds-field';
import { primaryButtonClass, secondaryButtonClass } from '../common/styles';
import type { ToolRow } from '../../store/tools/collect-tool-rows';
import { diffLines } from './diff-lines';
import { ModalDialog } from './modal-dialog';
import { checkToolDraft, formatToolDefinition, type ToolDraftText } from './tool-draft';
import { ToolDefinitionFields } from './tool-definition-fields';

const lineClass = {
  same: 'text-zinc-600 dark:text-zinc-400',
  added: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300',
  removed: 'bg-red-50 text-red-800 line-through dark:bg-red-500/10 dark:text-red-300',
};
const linePrefix = { same: '  ', added: '+ ', removed: '- ' };

export function EditToolDialog({
  row,
  takenNames,
  onClose,
}: {
  row: ToolRow;
  takenNames: string[];
  onClose: () => void;
}) {
  const setToolOverride = useLoupeStore((state) => state.setToolOverride);
  const savedTimeoutMs = useLoupeStore((state) => state.toolSelection.overrides[row.key]?.timeoutMs);
  const [timeout, setTimeoutText] = useState(savedTimeoutMs === undefined ? '' : String(savedTimeoutMs / 1000));
  const seconds = timeout.trim() === '' ? undefined : Number(timeout);
  const timeoutProblem =
    seconds !== undefined && !(Number.isFinite(seconds) && seconds >= 0.1 && seconds <= 3600)
      ? 'Timeout: enter seconds from 0.1 to 3600, or leave it empty.'
      : undefined;
  const original = row.original ?? row.shown;
  const [draft, setDraft] = useState<ToolDraftText>({
    name: row.shown.name,
    description: row.shown.description,
    schemaText: JSON.stringify(row.shown.inputSchema, null, 2),
  });
  const checked = useMemo(() => checkToolDraft(draft, takenNames), [draft, takenNames]);
  // The last valid draft is what the diff shows, so a half-typed edit never hides the last good one.
  const [lastGood, setLastGood] = useState(row.shown);
  if (checked.ok && formatToolDefinition(checked) !== formatToolDefinition(lastGood)) setLastGood(checked);
  const diff = diffLines(formatToolDefinition(original), formatToolDefinition(lastGood));
  const changed = diff.some((line) => line.kind !== 'same');

  const save = () => {
    if (!checked.ok || timeoutProblem !== undefined) return;
    const { name, description, inputSchema } = checked;
    const same = formatToolDefinition(checked) === formatToolDefinition(original);
    const timed = seconds === undefined ? {} : { timeoutMs: Math.round(seconds * 1000) };
    // The row's own checkboxes (strict, callable from code, pin) stay as they are through a dialog edit.
    const options = {
      ...(row.override?.strict === true ? { strict: true } : {}),
      ...(row.override?.callableFromCode === true ? { callableFromCode: true } : {}),
      ...(row.override?.pinned === true ? { pinned: true } : {}),
    };
    setToolOverride(
      row.key,
      same && seconds === undefined
        ? Object.keys(options).length === 0
          ? undefined
          : options
        : {
            ...options,
            ...(name === original.name ? {} : { name }),
            ...(description === original.description ? {} : { description }),
            ...(JSON.stringify(inputSchema) === JSON.stringify(original.inputSchema) ? {} : { inputSchema }),
            ...timed,
          },
    );
    onClose();
  };
  const reset = () => {
    setToolOverride(row.key, undefined);
    onClose();
  };

  return (
    <ModalDialog title={`Edit ${original.name} as the model sees it`} onClose={onClose}>
      <p className="mb-3 text-xs text-zinc-600 dark:text-zinc-400">
        The server is not changed: the next request sends this instead, and the server is still called by its own name.
      </p>
      <ToolDefinitionFields draft={draft} onChange={setDraft} problems={checked.ok ? [] : checked.problems} />
      <details className="mt-3 text-xs" open={changed}>
        <summary className="cursor-pointer text-zinc-600 select-none dark:text-zinc-400">
          Difference from the server’s version
        </summary>
        <pre
          aria-label="Difference from the server’s version"
          className="mt-1 max-h-60 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-[11px] leading-relaxed dark:bg-zinc-950/60"
        >
          {changed
            ? diff.map((line, index) => (
                <div key={index} className={lineClass[line.kind]}>
                  {linePrefix[line.kind]}
                  {line.text}
                </div>
              ))
            : 'No change.'}
        </pre>
      </details>
      <div className="mt-3">
        <SecondsField
          label="Timeout (s)"
          hint="How long a call may stay silent (progress restarts it). Wins over the server’s and the run’s setting."
          placeholder="the server's or the run's setting"
          value={timeout}
          onChange={setTimeoutText}
        />
        {timeoutProblem !== undefined && (
          <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
            {timeoutProblem}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {row.edited && (
          <button type="button" className={secondaryButtonClass} onClick={reset}>
            Reset to server version
          </button>
        )}
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={!checked.ok || timeoutProblem !== undefined}
          onClick={save}
        >
          Save edit
        </button>
      </div>
    </ModalDialog>
  );
}
