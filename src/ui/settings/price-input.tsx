// One price of one model (US dollars per million tokens); cache prices may be left empty.
import type { ModelPrice } from '../../engine/model/model-capabilities';
import { NumberInputField } from '../common/number-input-field';

export type PriceField = keyof ModelPrice;

interface PriceInputProps {
  field: PriceField;
  label: string;
  price: ModelPrice;
  onChange: (next: ModelPrice) => void;
}

export function PriceInput({ field, label, price, onChange }: PriceInputProps) {
  const optional = field === 'cacheWrite' || field === 'cacheRead';
  return (
    <NumberInputField
      label={label}
      value={price[field]}
      optional={optional}
      accepts={(number) => Number.isFinite(number) && number >= 0}
      problem="A number, 0 or more."
      wholeNumber={false}
      min={0}
      placeholder={optional ? 'as input' : ''}
      onCommit={(value) => {
        if (value !== undefined) return onChange({ ...price, [field]: value });
        // Only a cache price can be emptied: it then falls back to the input price.
        const rest: ModelPrice = { ...price };
        delete rest[field];
        onChange(rest);
      }}
    />
  );
}
