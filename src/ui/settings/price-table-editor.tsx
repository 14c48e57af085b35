// "Prices": the editable price table (US dollars per million tokens) costs are computed from. The chosen
// model's entry is edited in place; any other entry is picked from the list below it.
import { useState } from 'react';
import type { ModelPrice } from '../../engine/model/model-capabilities';
import { resolvePriceTable } from '../../store/capabilities/resolve-model-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { defaultPriceTable } from '../../store/pricing/default-price-table';
import { findModelPriceKey } from '../../store/pricing/find-model-price';
import { formatRate } from '../common/format-cost';
import { smallButtonClass } from '../common/styles';
import { PriceInput, type PriceField } from './price-input';

const fields: { field: PriceField; label: string }[] = [
  { field: 'input', label: 'Input' },
  { field: 'output', label: 'Output' },
  { field: 'cacheWrite', label: 'Cache write' },
  { field: 'cacheRead', label: 'Cache read' },
];

function describePrice(price: ModelPrice): string {
  const cache = [
    price.cacheWrite === undefined ? '' : `write ${formatRate(price.cacheWrite)}`,
    price.cacheRead === undefined ? '' : `read ${formatRate(price.cacheRead)}`,
  ].filter(Boolean);
  return `${formatRate(price.input)} / ${formatRate(price.output)}${cache.length > 0 ? ` · ${cache.join(' · ')}` : ''}`;
}

export function PriceTableEditor() {
  const provider = useLoupeStore((state) => state.settings.provider);
  const model = useLoupeStore((state) => state.settings.model);
  const prices = useLoupeStore((state) => state.settings.prices);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  if (provider !== 'anthropic' && provider !== 'openai-compatible') return null;

  const table = resolvePriceTable({ prices });
  const modelKey = findModelPriceKey(table, model);
  const editing = picked !== undefined && table[picked] !== undefined ? picked : modelKey;
  const price = editing === undefined ? undefined : table[editing];
  const setEntry = (id: string, next: ModelPrice) => updateSettings({ prices: { ...prices, [id]: next } });
  const removeEntry = (id: string) => {
    const rest = { ...prices };
    delete rest[id];
    updateSettings({ prices: rest });
  };
  const current = modelKey === undefined ? undefined : table[modelKey];

  return (
    <details className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <summary className="cursor-pointer text-xs font-medium text-zinc-700 select-none dark:text-zinc-300">
        Prices{' '}
        <span className="font-normal text-zinc-600 dark:text-zinc-400">
          {current === undefined ? '(none for this model: tokens only)' : `(${describePrice(current)} per M)`}
        </span>
      </summary>
      <div className="mt-2 space-y-2.5">
        <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
          US dollars per million tokens. Dated or routed ids (<span className="font-mono">openai/gpt-4o</span>) use
          their family’s entry.
        </p>
        {editing !== undefined && price !== undefined ? (
          <fieldset>
            <legend className="mb-1 text-xs text-zinc-700 dark:text-zinc-300">
              Price of <span className="font-mono">{editing}</span>
            </legend>
            <div className="grid grid-cols-2 gap-2">
              {fields.map(({ field, label }) => (
                <PriceInput
                  key={field}
                  field={field}
                  label={label}
                  price={price}
                  onChange={(next) => setEntry(editing, next)}
                />
              ))}
            </div>
          </fieldset>
        ) : (
          <p className="text-xs text-zinc-700 dark:text-zinc-300">
            No price for <span className="font-mono">{model || 'this model'}</span>: runs show tokens only.{' '}
            {model.trim() !== '' && (
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => setEntry(model.trim(), { input: 0, output: 0 })}
              >
                Add a price for it
              </button>
            )}
          </p>
        )}
        <ul aria-label="Price table" className="max-h-48 space-y-0.5 overflow-auto text-xs">
          {Object.keys(table)
            .sort((a, b) => a.localeCompare(b))
            .map((id) => {
              const edited = prices[id] !== undefined;
              return (
                <li key={id} className="flex items-center gap-1.5">
                  <button
                    type="button"
                    aria-pressed={id === editing}
                    className={`min-w-0 flex-1 truncate rounded px-1 py-0.5 text-left font-mono hover:bg-zinc-100 dark:hover:bg-zinc-800 ${id === editing ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950/50 dark:text-indigo-200' : 'text-zinc-700 dark:text-zinc-300'}`}
                    title={`Edit the price of ${id}`}
                    onClick={() => setPicked(id)}
                  >
                    {id}{' '}
                    <span className="text-zinc-600 dark:text-zinc-400">{describePrice(table[id] as ModelPrice)}</span>
                  </button>
                  {edited && (
                    <button type="button" className={smallButtonClass} onClick={() => removeEntry(id)}>
                      {defaultPriceTable[id] === undefined ? 'Remove' : 'Reset'}
                    </button>
                  )}
                </li>
              );
            })}
        </ul>
      </div>
    </details>
  );
}
