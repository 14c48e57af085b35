// The provider choice; switching moves a default base URL and model to the new provider's defaults.
import { useId } from 'react';
import type { ProviderKind } from '../../protocol/settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { switchProvider } from '../../store/switch-provider';
import { inputClass, labelClass } from '../common/styles';

export function ProviderSelect() {
  const id = useId();
  const provider = useLoupeStore((state) => state.settings.provider);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const loadModels = useLoupeStore((state) => state.loadModels);
  const settings = useLoupeStore((state) => state.settings);

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
          const next = toProviderKind(event.target.value);
          updateSettings(switchProvider(settings, next));
          if (next === 'anthropic' || next === 'openai-compatible') void loadModels();
        }}
      >
        <option value="anthropic">Anthropic</option>
        <option value="openai-compatible">OpenAI-compatible</option>
        <option value="demo">Demo model</option>
        <option value="manual">You are the model</option>
      </select>
      {provider === 'openai-compatible' && (
        <p className="mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">
          Any Chat Completions endpoint: OpenAI, OpenRouter, Ollama, LM Studio, vLLM.
        </p>
      )}
    </div>
  );
}

function toProviderKind(value: string): ProviderKind {
  return value === 'anthropic' || value === 'openai-compatible' || value === 'manual' ? value : 'demo';
}
