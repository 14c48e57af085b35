// Small controls of the Loop policies panel: a choice, a switch, a list of names and a dollar amount.
import { useId } from 'react';
import { Field } from '../common/field';
import { NumberInputField } from '../common/number-input-field';
import { inputClass } from '../common/styles';
import { useDraftText } from '../common/use-draft-text';

interface ChoiceFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  hint?: string;
  onChange: (value: T) => void;
}

export function ChoiceField<T extends string>({ label, value, options, hint, onChange }: ChoiceFieldProps<T>) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <select
          {...control}
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
      )}
    </Field>
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
        {hint !== undefined && <p className="text-[11px] text-zinc-600 dark:text-zinc-400">{hint}</p>}
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
  const draft = useDraftText(names.join(', '), (shown) => shown);
  const commit = (): void => {
    const next = draft.text
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    onCommit([...new Set(next)]);
  };
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          className={`${inputClass} font-mono`}
          value={draft.text}
          placeholder="none"
          onChange={(event) => draft.setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      )}
    </Field>
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
  return (
    <NumberInputField
      label={label}
      value={value}
      {...(hint !== undefined ? { hint } : {})}
      optional
      accepts={(number) => Number.isFinite(number) && number > 0}
      problem="Enter an amount above 0, or leave it empty."
      wholeNumber={false}
      min={0}
      step="0.01"
      placeholder="not set"
      onCommit={onCommit}
    />
  );
}
