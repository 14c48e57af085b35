// A whole-number setting that may be left empty (empty means "not set"); commits only valid values.
import { useId, useState } from 'react';
import { inputClass, labelClass } from '../common/styles';

interface OptionalNumberFieldProps {
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  hint?: string;
  /** A valid number, or undefined when the field was emptied. */
  onCommit: (value: number | undefined) => void;
}

export function OptionalNumberField({ label, value, min, max, hint, onCommit }: OptionalNumberFieldProps) {
  const id = useId();
  const shown = value === undefined ? '' : String(value);
  const [text, setText] = useState(shown);
  const [committed, setCommitted] = useState(shown);
  // The store may change the value from elsewhere (another model, a reset): follow it.
  if (committed !== shown) {
    setCommitted(shown);
    setText(shown);
  }
  const parsed = Number(text);
  const invalid = text.trim() !== '' && !(Number.isInteger(parsed) && parsed >= min && parsed <= max);

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
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
          if (Number.isInteger(number) && number >= min && number <= max) {
            setCommitted(next);
            onCommit(number);
          }
        }}
        onBlur={() => {
          if (invalid) setText(shown);
        }}
      />
      {invalid ? (
        <p className="mt-1 text-[11px] text-red-600 dark:text-red-400">
          Enter a whole number from {min.toLocaleString('en-US')} to {max.toLocaleString('en-US')}, or leave it empty.
        </p>
      ) : (
        hint !== undefined && <p className="mt-1 text-[11px] text-zinc-500">{hint}</p>
      )}
    </div>
  );
}
