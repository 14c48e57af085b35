// The model id: pick from the provider's list or type any id; "Refresh models" asks the provider again.
import { useId, useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, smallButtonClass } from '../common/styles';

export function ModelField() {
  const listId = useId();
  const [loading, setLoading] = useState(false);
  const model = useLoupeStore((state) => state.settings.model);
  const provider = useLoupeStore((state) => state.settings.provider);
  const models = useLoupeStore((state) => state.settings.models);
  const fromFallback = useLoupeStore((state) => state.settings.modelsFromFallback);
  const warning = useLoupeStore((state) => state.settings.modelsWarning);
  const apiKey = useLoupeStore((state) => state.settings.apiKey);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const loadModels = useLoupeStore((state) => state.loadModels);

  const refresh = async () => {
    setLoading(true);
    await loadModels();
    setLoading(false);
  };

  return (
    <div>
      <Field
        label="Model"
        aside={
          <button type="button" className={smallButtonClass} disabled={loading} onClick={() => void refresh()}>
            {loading ? 'Loading…' : 'Refresh models'}
          </button>
        }
      >
        {(control) => (
          <input
            {...control}
            list={listId}
            spellCheck={false}
            className={`${inputClass} font-mono`}
            value={model}
            placeholder={provider === 'openai-compatible' ? 'gpt-4o-mini, llama3.2, …' : 'claude-sonnet-4-5'}
            onChange={(event) => updateSettings({ model: event.target.value })}
          />
        )}
      </Field>
      <datalist id={listId}>
        {models.map((info) => (
          <option key={info.id} value={info.id}>
            {info.displayName}
          </option>
        ))}
      </datalist>
      {warning !== undefined ? (
        <p className="mt-1 text-[11px] text-amber-700 dark:text-amber-400">{warning}</p>
      ) : (
        fromFallback && (
          // Nothing went wrong: the provider is asked once there is a key (no warning before one is typed).
          <p className="mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">
            {apiKey.trim() === '' && provider === 'anthropic'
              ? 'A built-in list: the models are asked for once there is an API key.'
              : 'A built-in list: the provider did not list its models.'}
          </p>
        )
      )}
    </div>
  );
}
