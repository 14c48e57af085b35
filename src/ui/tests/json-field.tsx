// A JSON value typed as text: kept as typed, committed only when it parses, with the error shown beside it.
import { useId, useState } from 'react';
import { inputClass } from '../common/styles';

export function JsonField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(value));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  return (
    <div className="min-w-0 flex-1">
      <textarea
        aria-label={label}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        rows={2}
        spellCheck={false}
        className={`${inputClass} font-mono text-xs`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          try {
            onChange(JSON.parse(event.target.value) as unknown);
            setError(null);
          } catch (problem) {
            setError(`Not valid JSON yet: ${problem instanceof Error ? problem.message : String(problem)}`);
          }
        }}
      />
      {error !== null && (
        <p id={errorId} className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
