// A labelled number input that keeps what the person types and commits only values it accepts.
import { inputClass } from './styles';
import { Field } from './field';
import { useDraftText } from './use-draft-text';

interface NumberInputFieldProps {
  label: string;
  value: number | undefined;
  hint?: string;
  /** Whether emptying the field commits `undefined` ("not set"); otherwise empty is a problem. */
  optional: boolean;
  accepts: (value: number) => boolean;
  /** What to enter instead, shown while the text is not accepted. */
  problem: string;
  /** Attributes of the input: a whole number gets the numeric keyboard and step 1. */
  wholeNumber: boolean;
  min?: number;
  max?: number;
  step?: string;
  placeholder?: string;
  onCommit: (value: number | undefined) => void;
}

const formatNumber = (value: number | undefined): string => (value === undefined ? '' : String(value));

export function NumberInputField({
  label,
  value,
  hint,
  optional,
  accepts,
  problem,
  wholeNumber,
  min,
  max,
  step,
  placeholder,
  onCommit,
}: NumberInputFieldProps) {
  const draft = useDraftText(value, formatNumber);
  const acceptsText = (text: string): boolean => text.trim() !== '' && accepts(Number(text));
  const invalid = draft.text.trim() === '' ? !optional : !acceptsText(draft.text);
  return (
    <Field label={label} hint={hint} {...(invalid ? { error: problem } : {})}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode={wholeNumber ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={step ?? (wholeNumber ? 1 : 'any')}
          className={`${inputClass} font-mono`}
          value={draft.text}
          placeholder={placeholder}
          aria-invalid={invalid}
          onChange={(event) => {
            const next = event.target.value;
            draft.setText(next);
            if (next.trim() === '' && optional) {
              draft.accept(undefined);
              onCommit(undefined);
            } else if (acceptsText(next)) {
              draft.accept(Number(next));
              onCommit(Number(next));
            }
          }}
          onBlur={() => {
            if (invalid) draft.reset();
          }}
        />
      )}
    </Field>
  );
}
