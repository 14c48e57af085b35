// A duration in seconds typed as text (decimals allowed, empty for "not set here"): the call timeouts of a server
// and of a tool. The text is the caller's to check, so a half-typed value stays as typed.
import { Field } from './field';
import { inputClass } from './styles';

interface SecondsFieldProps {
  label: string;
  hint: string;
  /** What an empty field means, shown in it. */
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}

export function SecondsField({ label, hint, placeholder, value, onChange }: SecondsFieldProps) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          placeholder={placeholder}
          className={`${inputClass} font-mono`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
