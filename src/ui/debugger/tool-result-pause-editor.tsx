// At a pause after a tool result: the result the model will read, editable before it goes back.
import { useMemo, useState } from 'react';
import type { PausePoint } from '../../engine/debug/pause-point';
import type { ToolResultContentBlock } from '../../engine/message/message';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import { StatusBadge } from '../common/status-badge';
import { JsonEditor } from '../json-editor/json-editor';
import { resultContentSchema } from './pause-schemas';

export function ToolResultPauseEditor({ point }: { point: Extract<PausePoint, { kind: 'after-tool' }> }) {
  const original = useMemo(() => JSON.stringify(point.content, null, 2), [point.content]);
  const [text, setText] = useState(original);
  const [isError, setIsError] = useState(point.isError);
  const [content, setContent] = useState<ToolResultContentBlock[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const setDraft = useLoupeStore((state) => state.setDraft);

  const publish = (next: {
    content: ToolResultContentBlock[] | null;
    problems: string[];
    isError: boolean;
    changed: boolean;
  }) => {
    if (!next.changed) return setDraft(null);
    if (next.problems.length > 0) return setDraft({ decision: { type: 'continue' }, problems: next.problems });
    setDraft({
      decision: { type: 'edit-result', content: next.content ?? point.content, isError: next.isError },
      problems: [],
    });
  };

  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        The tool answered <StatusBadge tone={point.isError ? 'error' : 'ok'}>{point.status}</StatusBadge> — edit what
        the model will read.
      </p>
      <JsonEditor
        ariaLabel="Tool result"
        autoFocus
        value={text}
        height={200}
        schema={resultContentSchema}
        onChange={setText}
        onValidChange={(result, next) => {
          const parsed = result.valid ? (result.value as ToolResultContentBlock[]) : null;
          const found = result.valid ? [] : result.problems;
          setContent(parsed);
          setProblems(found);
          publish({
            content: parsed,
            problems: found,
            isError,
            changed: next !== original || isError !== point.isError,
          });
        }}
      />
      <div className="flex flex-wrap items-center gap-3 text-xs">
        <label className="inline-flex items-center gap-1.5 text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            checked={isError}
            className="accent-indigo-600"
            onChange={(event) => {
              setIsError(event.target.checked);
              publish({
                content,
                problems,
                isError: event.target.checked,
                changed: text !== original || event.target.checked !== point.isError,
              });
            }}
          />
          Send as an error
        </label>
        <span className="text-[11px] text-zinc-600 dark:text-zinc-400">
          Step or Continue sends the result as shown.
        </span>
        {(text !== original || isError !== point.isError) && (
          <button
            type="button"
            className={smallButtonClass}
            onClick={() => {
              setText(original);
              setIsError(point.isError);
              setDraft(null);
            }}
          >
            Undo edits
          </button>
        )}
      </div>
    </div>
  );
}
