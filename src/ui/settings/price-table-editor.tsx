// "Prices": the editable price table (US dollars per million tokens) the run's cost is computed from.
import { useId, useState } from 'react';
import type { ModelPrice } from '../../engine/model/model-capabilities';
import { resolvePrice, resolvePriceTable } from '../../store/capabilities/resolve-model-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { defaultPriceTable } from '../../store/pricing/default-price-table';
import { formatRate } from '../common/format-cost';
import { inputClass, smallButtonClass } from '../common/styles';

type PriceField = keyof ModelPrice;
const fields: { field: PriceField; label: string }[] = [
  { field: 'input', label: 'In' },
  { field: 'output', label: 'Out' },
  { field: 'cacheWrite', label: 'Cache write' },
  { field: 'cacheRead', label: 'Cache read' },
];

function PriceInput({
  model,
  field,
  label,
  price,
  onChange,
}: {
  model: string;
  field: PriceField;
  label: string;
  price: ModelPrice;
  onChange: (next: ModelPrice) => void;
}) {
  const current = price[field];
  const shown = current === undefined ? '' : String(current);
  const [text, setText] = useState(shown);
  const [committed, setCommitted] = useState(shown);
  if (committed !== shown) {
    setCommitted(shown);
    setText(shown);
  }
  const optional = field === 'cacheWrite' || field === 'cacheRead';
  const number = Number(text);
  const invalid = text.trim() === '' ? !optional : !(Number.isFinite(number) && number >= 0);
  return (
    <input
      aria-label={`${label} price of ${model}`}
      type="number"
      min={0}
      step="any"
      inputMode="decimal"
      className={`${inputClass} w-20 px-1.5 py-1 font-mono text-xs`}
      value={text}
      placeholder={optional ? '= in' : ''}
      aria-invalid={invalid}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (next.trim() === '' && optional) {
          const { [field]: _dropped, ...rest } = price;
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
  );
}

export function PriceTableEditor() {
  const addId = useId();
  const provider = useLoupeStore((state) => state.settings.provider);
  const model = useLoupeStore((state) => state.settings.model);
  const prices = useLoupeStore((state) => state.settings.prices);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const [newModel, setNewModel] = useState('');
  if (provider === 'demo') return null;

  const table = resolvePriceTable({ prices });
  const currentPrice = resolvePrice({ prices }, model);
  const rows = Object.keys(table).sort((a, b) => a.localeCompare(b));
  const setEntry = (id: string, price: ModelPrice) => updateSettings({ prices: { ...prices, [id]: price } });
  const removeEntry = (id: string) => {
    const { [id]: _dropped, ...rest } = prices;
    updateSettings({ prices: rest });
  };
  const candidate = (newModel || (currentPrice === undefined ? model : '')).trim();

  return (
    <details className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <summary className="cursor-pointer text-xs font-medium text-zinc-700 select-none dark:text-zinc-300">
        Prices{' '}
        <span className="font-normal text-zinc-500">
          {currentPrice === undefined
            ? `(none for ${model || 'this model'}: tokens only)`
            : `(${formatRate(currentPrice.input)} in / ${formatRate(currentPrice.output)} out per M tokens)`}
        </span>
      </summary>
      <p className="mt-2 text-[11px] text-zinc-500">
        US dollars per million tokens. A dated or routed id (e.g. <span className="font-mono">openai/gpt-4o</span>) uses
        its family’s entry. Empty cache prices count as the input price.
      </p>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full text-xs">
          <thead className="sticky top-0 bg-white text-left text-zinc-500 dark:bg-zinc-900">
            <tr>
              <th className="py-1 pr-2 font-medium">Model</th>
              {fields.map(({ field, label }) => (
                <th key={field} className="px-1 py-1 font-medium">
                  {label}
                </th>
              ))}
              <th className="sr-only">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((id) => {
              const price = table[id] as ModelPrice;
              const builtIn = defaultPriceTable[id] !== undefined;
              const edited = prices[id] !== undefined;
              return (
                <tr key={id} className={id === model ? 'bg-indigo-50 dark:bg-indigo-950/40' : undefined}>
                  <td className="max-w-40 truncate py-0.5 pr-2 font-mono text-zinc-700 dark:text-zinc-300" title={id}>
                    {id}
                  </td>
                  {fields.map(({ field, label }) => (
                    <td key={field} className="px-1 py-0.5">
                      <PriceInput
                        model={id}
                        field={field}
                        label={label}
                        price={price}
                        onChange={(next) => setEntry(id, next)}
                      />
                    </td>
                  ))}
                  <td className="py-0.5 pl-1">
                    {edited && (
                      <button type="button" className={smallButtonClass} onClick={() => removeEntry(id)}>
                        {builtIn ? 'Reset' : 'Remove'}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <form
        className="mt-2 flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (candidate === '' || table[candidate] !== undefined) return;
          setEntry(candidate, { input: 0, output: 0 });
          setNewModel('');
        }}
      >
        <label htmlFor={addId} className="sr-only">
          Model id for a new price
        </label>
        <input
          id={addId}
          className={`${inputClass} font-mono text-xs`}
          placeholder={currentPrice === undefined && model ? model : 'model id'}
          value={newModel}
          onChange={(event) => setNewModel(event.target.value)}
        />
        <button
          type="submit"
          className={smallButtonClass}
          disabled={candidate === '' || table[candidate] !== undefined}
        >
          Add price
        </button>
      </form>
    </details>
  );
}
