// The provider choice; switching moves a default base URL and model to the new provider's defaults.
import type { ProviderKind } from '../../protocol/settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { switchProvider } from '../../store/switch-provider';
import { Field } from '../common/field';
import { inputClass } from '../common/styles';

export function ProviderSelect() {
  const provider = useLoupeStore((state) => state.settings.provider);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const loadModels = useLoupeStore((state) => state.loadModels);
  const settings = useLoupeStore((state) => state.settings);

  return (
    <Field
      label="Provider"
      hint={
        provider === 'openai-compatible'
          ? 'Any Chat Completions endpoint: OpenAI, OpenRouter, Ollama, LM Studio, vLLM.'
          : undefined
      }
    >
      {(control) => (
        <select
          {...control}
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
          <option value="in-browser">In-browser (GGUF)</option>
          <option value="manual">You are the model</option>
        </select>
      )}
    </Field>
  );
}

const kinds: readonly ProviderKind[] = ['anthropic', 'openai-compatible', 'manual', 'in-browser'];

function toProviderKind(value: string): ProviderKind {
  return kinds.find((kind) => kind === value) ?? 'demo';
}
