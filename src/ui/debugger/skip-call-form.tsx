// Skip a pending call and give its result by hand: as text, as JSON, or as an error.
import { useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, secondaryButtonClass } from '../common/styles';

type ResultKind = 'text' | 'json' | 'error';

/** The text the model will read, or why it cannot be sent. */
function prepare(kind: ResultKind, text: string): { ok: true; text: string } | { ok: false; problem: string } {
  if (text.trim() === '') return { ok: false, problem: 'Write the result the model should read.' };
  if (kind !== 'json') return { ok: true, text };
  try {
    return { ok: true, text: JSON.stringify(JSON.parse(text) as unknown, null, 2) };
  } catch (error) {
    return { ok: false, problem: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function SkipCallForm() {
  const [kind, setKind] = useState<ResultKind>('text');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const resolvePause = useLoupeStore((state) => state.resolvePause);

  return (
    <details className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <summary className="cursor-pointer text-xs font-medium text-zinc-700 select-none dark:text-zinc-300">
        Skip the call and give its result by hand
      </summary>
      <div className="mt-2 space-y-2">
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Result kind">
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={kind}
                onChange={(event) => setKind(event.target.value as ResultKind)}
              >
                <option value="text">Text</option>
                <option value="json">JSON</option>
                <option value="error">Error</option>
              </select>
            )}
          </Field>
        </div>
        <Field label="Result given by hand">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              className={`${inputClass} font-mono text-xs`}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(null);
              }}
            />
          )}
        </Field>
        {problem !== null && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            const prepared = prepare(kind, text);
            if (!prepared.ok) return setProblem(prepared.problem);
            void resolvePause({
              type: 'skip',
              content: [{ type: 'text', text: prepared.text }],
              isError: kind === 'error',
            });
          }}
        >
          Skip with this result
        </button>
      </div>
    </details>
  );
}
