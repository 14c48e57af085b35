// Small controls of the Loop policies panel: a choice, a switch, a list of names and a dollar amount.
import { useId, useState } from 'react';
import { inputClass, labelClass } from '../common/styles';

interface ChoiceFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  hint?: string;
  onChange: (value: T) => void;
}

export function ChoiceField<T extends string>({ label, value, options, hint, onChange }: ChoiceFieldProps<T>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.target.value);
          if (next) onChange(next.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint !== undefined && <p className="mt-1 text-[11px] text-zinc-500">{hint}</p>}
    </div>
  );
}

export function SwitchField({
  label,
  checked,
  hint,
  onChange,
}: {
  label: string;
  checked: boolean;
  hint?: string;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-indigo-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {label}
        </label>
        {hint !== undefined && <p className="text-[11px] text-zinc-500">{hint}</p>}
      </div>
    </div>
  );
}

/** Comma-separated names; committed on blur or Enter, trimmed and without empties. */
export function NamesField({
  label,
  names,
  hint,
  onCommit,
}: {
  label: string;
  names: readonly string[];
  hint?: string;
  onCommit: (names: string[]) => void;
}) {
  const id = useId();
  const shown = names.join(', ');
  const [text, setText] = useState(shown);
  const [committed, setCommitted] = useState(shown);
  if (committed !== shown) {
    setCommitted(shown);
    setText(shown);
  }
  const commit = (): void => {
    const next = text
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    onCommit([...new Set(next)]);
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        className={`${inputClass} font-mono`}
        value={text}
        placeholder="none"
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {hint !== undefined && <p className="mt-1 text-[11px] text-zinc-500">{hint}</p>}
    </div>
  );
}

/** A positive dollar amount, or empty for "not set". */
export function DollarField({
  label,
  value,
  hint,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  hint?: string;
  onCommit: (value: number | undefined) => void;
}) {
  const id = useId();
  const shown = value === undefined ? '' : String(value);
  const [text, setText] = useState(shown);
  const [committed, setCommitted] = useState(shown);
  if (committed !== shown) {
    setCommitted(shown);
    setText(shown);
  }
  const parsed = Number(text);
  const invalid = text.trim() !== '' && !(Number.isFinite(parsed) && parsed > 0);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        className={`${inputClass} font-mono`}
        value={text}
        placeholder="not set"
        aria-invalid={invalid}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') {
            setCommitted('');
            onCommit(undefined);
            return;
          }
          const number = Number(next);
          if (Number.isFinite(number) && number > 0) {
            setCommitted(next);
            onCommit(number);
          }
        }}
        onBlur={() => {
          if (invalid) setText(shown);
        }}
      />
      {invalid ? (
        <p className="mt-1 text-[11px] text-red-600 dark:text-red-400">Enter an amount above 0, or leave it empty.</p>
      ) : (
        hint !== undefined && <p className="mt-1 text-[11px] text-zinc-500">{hint}</p>
      )}
    </div>
  );
}
