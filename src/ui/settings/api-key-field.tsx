// The API key: a password field held in memory, persisted only when the person asks for it. Each provider has its own.
import { apiKeyStorageKey } from '../../store/persist-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass } from '../common/styles';

const PROVIDER_NAMES = { anthropic: 'Anthropic', 'openai-compatible': 'OpenAI-compatible' } as const;

export function ApiKeyField() {
  const apiKey = useLoupeStore((state) => state.settings.apiKey);
  const rememberKey = useLoupeStore((state) => state.settings.rememberKey);
  const provider = useLoupeStore((state) => state.settings.provider);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const modelsFromFallback = useLoupeStore((state) => state.settings.modelsFromFallback);
  const loadModels = useLoupeStore((state) => state.loadModels);
  if (provider !== 'anthropic' && provider !== 'openai-compatible') return null;
  const name = PROVIDER_NAMES[provider];

  return (
    <Field
      label="API key"
      hint={
        rememberKey
          ? `Stored in this browser’s local storage (${apiKeyStorageKey(provider)}), in plain text, with the full base URL. Sent only to the ${name} base URL.`
          : `Kept in memory only: it is gone when you close the tab. Sent only to the ${name} base URL; each provider keeps its own key.`
      }
    >
      {(control) => (
        <>
          <input
            {...control}
            // Password inputs have no implicit role; the UI contract names this a textbox.
            role="textbox"
            type="password"
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} font-mono`}
            placeholder={provider === 'openai-compatible' ? 'sk-… (none for Ollama, LM Studio)' : 'sk-ant-…'}
            value={apiKey}
            onChange={(event) => updateSettings({ apiKey: event.target.value })}
            // A key typed over the built-in list: ask the provider for its own now.
            onBlur={() => {
              if (provider === 'anthropic' && modelsFromFallback && apiKey.trim() !== '') void loadModels();
            }}
          />
          <label className="mt-1.5 flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
            <input
              type="checkbox"
              className="size-3.5 accent-indigo-600"
              checked={rememberKey}
              onChange={(event) => updateSettings({ rememberKey: event.target.checked })}
            />
            Remember on this device
          </label>
        </>
      )}
    </Field>
  );
}
