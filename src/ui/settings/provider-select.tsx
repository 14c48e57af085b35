// The provider choice. OpenAI-compatible is listed (so people know it is planned) but not selectable yet.
import { useId } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, labelClass } from '../common/styles';

export function ProviderSelect() {
  const id = useId();
  const provider = useLoupeStore((state) => state.settings.provider);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const loadModels = useLoupeStore((state) => state.loadModels);

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Provider
      </label>
      <select
        id={id}
        className={inputClass}
        value={provider}
        onChange={(event) => {
          const next = event.target.value === 'anthropic' ? 'anthropic' : 'demo';
          updateSettings({ provider: next });
          if (next === 'anthropic') void loadModels();
        }}
      >
        <option value="anthropic">Anthropic</option>
        <option value="openai-compatible" disabled title="Coming later">
          OpenAI-compatible
        </option>
        <option value="demo">Demo model</option>
      </select>
      <p className="mt-1 text-[11px] text-zinc-500 dark:text-zinc-500">OpenAI-compatible endpoints are coming later.</p>
    </div>
  );
}
