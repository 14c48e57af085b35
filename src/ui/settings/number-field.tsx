// A bounded integer setting; keeps what the person types and commits only valid values.
import { useId, useState } from 'react';
import { inputClass, labelClass } from '../common/styles';

interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  hint?: string;
  onCommit: (value: number) => void;
}

export function NumberField({ label, value, min, max, hint, onCommit }: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [committed, setCommitted] = useState(value);
  // The store may change the value from elsewhere (a load, a reset): follow it.
  if (committed !== value) {
    setCommitted(value);
    setText(String(value));
  }
  const parsed = Number(text);
  const invalid = !(Number.isInteger(parsed) && parsed >= min && parsed <= max);

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
        aria-invalid={invalid}
        onChange={(event) => {
          setText(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value !== '' && Number.isInteger(next) && next >= min && next <= max) {
            setCommitted(next);
            onCommit(next);
          }
        }}
        onBlur={() => {
          if (invalid) setText(String(value));
        }}
      />
      {invalid ? (
        <p className="mt-1 text-[11px] text-red-600 dark:text-red-400">
          Enter a whole number from {min} to {max}.
        </p>
      ) : (
        hint !== undefined && <p className="mt-1 text-[11px] text-zinc-500">{hint}</p>
      )}
    </div>
  );
}
