// One price of one model (US dollars per million tokens); cache prices may be left empty.
import { useId, useState } from 'react';
import type { ModelPrice } from '../../engine/model/model-capabilities';
import { inputClass, labelClass } from '../common/styles';

export type PriceField = keyof ModelPrice;

interface PriceInputProps {
  field: PriceField;
  label: string;
  price: ModelPrice;
  onChange: (next: ModelPrice) => void;
}

export function PriceInput({ field, label, price, onChange }: PriceInputProps) {
  const id = useId();
  const current = price[field];
  const shown = current === undefined ? '' : String(current);
  const [text, setText] = useState(shown);
  const [committed, setCommitted] = useState(shown);
  // Another model picked, or a reset: follow the store.
  if (committed !== shown) {
    setCommitted(shown);
    setText(shown);
  }
  const optional = field === 'cacheWrite' || field === 'cacheRead';
  const number = Number(text);
  const invalid = text.trim() === '' ? !optional : !(Number.isFinite(number) && number >= 0);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        className={`${inputClass} font-mono`}
        value={text}
        placeholder={optional ? 'as input' : ''}
        aria-invalid={invalid}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '' && optional) {
            const rest: ModelPrice = { ...price };
            delete rest[field];
            setCommitted('');
            onChange(rest);
            return;
          }
          const value = Number(next);
          if (next.trim() !== '' && Number.isFinite(value) && value >= 0) {
            setCommitted(next);
            onChange({ ...price, [field]: value });
          }
        }}
        onBlur={() => {
          if (invalid) setText(shown);
        }}
      />
      {invalid && <p className="mt-0.5 text-[11px] text-red-600 dark:text-red-400">A number, 0 or more.</p>}
    </div>
  );
}
