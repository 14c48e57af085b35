// At a pause after a tool result: the result the model will read, editable before it goes back. A result
// whose one text block is JSON is edited as JSON (written back as text in the tool's own layout); the raw
// content blocks are one switch away. The choices live outside the component (use-kept-state.ts): the panel
// renders again as the pause settles, and a choice must not go back under the person's click.
import { useEffect, useMemo, useState } from 'react';
import type { PausePoint } from '../../engine/debug/pause-point';
import type { ToolResultContentBlock } from '../../engine/message/message';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import { StatusBadge } from '../common/status-badge';
import { JsonEditor } from '../json-editor/json-editor';
import { describeLayout, readJsonResult, writeJsonResult } from './json-result-text';
import { resultContentSchema } from './pause-schemas';
import { useKeptState } from './use-kept-state';

type Mode = 'json' | 'raw';

interface Edit {
  /** The content as edited (null while the text does not validate, or when unchanged). */
  content: ToolResultContentBlock[] | null;
  problems: string[];
  changed: boolean;
}

const unchanged: Edit = { content: null, problems: [], changed: false };

export function ToolResultPauseEditor({ point }: { point: Extract<PausePoint, { kind: 'after-tool' }> }) {
  const rawOriginal = useMemo(() => JSON.stringify(point.content, null, 2), [point.content]);
  const json = useMemo(() => readJsonResult(point.content), [point.content]);
  // One scope per run's call: a new pause object (or a remount) for the same call keeps what was chosen.
  const runId = useLoupeStore((state) => state.runView.runId);
  const scope = `${runId ?? ''}\u0000after-tool\u0000${point.callId}`;
  const [chosenMode, setMode] = useKeptState<Mode>(scope, 'mode', json === null ? 'raw' : 'json');
  // A result that is not one JSON text has only the raw editor, whatever was chosen before.
  const mode: Mode = json === null ? 'raw' : chosenMode;
  const [rawText, setRawText] = useKeptState(scope, 'raw', rawOriginal);
  const [jsonText, setJsonText] = useKeptState(scope, 'json', json?.pretty ?? '');
  const [edit, setEdit] = useKeptState<Edit>(scope, 'edit', unchanged);
  const [isError, setIsError] = useKeptState(scope, 'is-error', point.isError);
  const [note, setNote] = useState('');
  const setDraft = useLoupeStore((state) => state.setDraft);

  const publish = (next: Edit, nextIsError: boolean) => {
    setEdit(next);
    if (!next.changed && nextIsError === point.isError) return setDraft(null);
    if (next.problems.length > 0) return setDraft({ decision: { type: 'continue' }, problems: next.problems });
    setDraft({
      decision: { type: 'edit-result', content: next.content ?? point.content, isError: nextIsError },
      problems: [],
    });
  };

  // A remount that found an edit kept for this call sends it again as the draft (the store may have dropped it).
  useEffect(() => {
    if (edit.changed || isError !== point.isError) publish(edit, isError);
    // Once, when the editor mounts: later changes publish as they happen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const switchTo = (next: Mode) => {
    setNote('');
    if (next === mode) return;
    if (next === 'raw') {
      // The raw blocks carry on from the JSON edit (when it is valid), so nothing typed is lost.
      if (edit.changed && edit.content !== null) setRawText(JSON.stringify(edit.content, null, 2));
      return setMode('raw');
    }
    const content = edit.changed ? edit.content : point.content;
    const read = content === null ? null : readJsonResult(content);
    if (read === null) {
      setNote('The result is not one JSON text now: edit it as raw content blocks.');
      return;
    }
    setJsonText(edit.changed ? read.pretty : (json?.pretty ?? read.pretty));
    setMode('json');
  };

  const undo = () => {
    setRawText(rawOriginal);
    setJsonText(json?.pretty ?? '');
    setIsError(point.isError);
    setNote('');
    setEdit(unchanged);
    setDraft(null);
  };

  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        The tool answered <StatusBadge tone={point.isError ? 'error' : 'ok'}>{point.status}</StatusBadge> — edit what
        the model will read.
      </p>
      {json !== null && (
        <fieldset className="flex flex-wrap items-center gap-3 text-xs text-zinc-700 dark:text-zinc-300">
          <legend className="sr-only">Edit the result as</legend>
          {(['json', 'raw'] as const).map((option) => (
            <label key={option} className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name={`result-mode-${point.pauseId}`}
                className="accent-indigo-600"
                checked={mode === option}
                onChange={() => switchTo(option)}
              />
              {option === 'json' ? 'JSON value' : 'Raw content blocks'}
            </label>
          ))}
          {note !== '' && <span role="alert">{note}</span>}
        </fieldset>
      )}
      {mode === 'json' && json !== null ? (
        <JsonEditor
          key="json"
          ariaLabel="Tool result JSON"
          autoFocus
          value={jsonText}
          height={200}
          onChange={setJsonText}
          onValidChange={(result, next) => {
            if (next === json.pretty) return publish(unchanged, isError);
            if (!result.valid) return publish({ content: null, problems: result.problems, changed: true }, isError);
            const text = writeJsonResult(next, result.value, json.layout);
            publish({ content: [{ type: 'text', text }], problems: [], changed: true }, isError);
          }}
        />
      ) : (
        <JsonEditor
          key="raw"
          ariaLabel="Tool result"
          autoFocus
          value={rawText}
          height={200}
          schema={resultContentSchema}
          onChange={setRawText}
          onValidChange={(result, next) => {
            if (next === rawOriginal) return publish(unchanged, isError);
            if (!result.valid) return publish({ content: null, problems: result.problems, changed: true }, isError);
            publish({ content: result.value as ToolResultContentBlock[], problems: [], changed: true }, isError);
          }}
        />
      )}
      <div className="flex flex-wrap items-center gap-3 text-xs">
        <label className="inline-flex items-center gap-1.5 text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            checked={isError}
            className="accent-indigo-600"
            onChange={(event) => {
              setIsError(event.target.checked);
              publish(edit, event.target.checked);
            }}
          />
          Send as an error
        </label>
        <span className="text-[11px] text-zinc-600 dark:text-zinc-400">
          {mode === 'json' && json !== null
            ? `Step or Continue sends this JSON as the result's text, ${describeLayout(json.layout)}.`
            : 'Step or Continue sends the result as shown.'}
        </span>
        {(edit.changed || isError !== point.isError) && (
          <button type="button" className={smallButtonClass} onClick={undo}>
            Undo edits
          </button>
        )}
      </div>
    </div>
  );
}
