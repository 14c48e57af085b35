// A bounded whole-number setting, optionally allowed to be empty ("not set").
import { NumberInputField } from './number-input-field';

interface BaseProps {
  label: string;
  min: number;
  max: number;
  hint?: string;
}

type WholeNumberFieldProps = BaseProps &
  (
    | { optional?: false; value: number; onCommit: (value: number) => void }
    | { optional: true; value: number | undefined; onCommit: (value: number | undefined) => void }
  );

export function WholeNumberField(props: WholeNumberFieldProps) {
  const { label, min, max, hint, value } = props;
  const optional = props.optional === true;
  const range = `${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  return (
    <NumberInputField
      label={label}
      value={value}
      {...(hint !== undefined ? { hint } : {})}
      optional={optional}
      accepts={(number) => Number.isInteger(number) && number >= min && number <= max}
      problem={
        optional ? `Enter a whole number from ${range}, or leave it empty.` : `Enter a whole number from ${range}.`
      }
      wholeNumber
      min={min}
      max={max}
      {...(optional ? { placeholder: 'not set' } : {})}
      onCommit={(next) => {
        // A required field never commits empty text, so `next` is a number there.
        if (props.optional === true) props.onCommit(next);
        else if (next !== undefined) props.onCommit(next);
      }}
    />
  );
}
