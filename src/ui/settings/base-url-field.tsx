// The provider endpoint (a proxy or a mock server may stand in for the real API). Each provider has its own.
import { useId } from 'react';
import { hasUrlSecrets } from '../../shared/redact-url';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, labelClass } from '../common/styles';

export function BaseUrlField() {
  const id = useId();
  const baseUrl = useLoupeStore((state) => state.settings.baseUrl);
  const provider = useLoupeStore((state) => state.settings.provider);
  const rememberKey = useLoupeStore((state) => state.settings.rememberKey);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Base URL
      </label>
      <input
        id={id}
        type="url"
        spellCheck={false}
        className={`${inputClass} font-mono`}
        value={baseUrl}
        onChange={(event) => updateSettings({ baseUrl: event.target.value })}
      />
      {provider === 'openai-compatible' && (
        <p className="mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">
          Usually ends in <span className="font-mono">/v1</span>: Ollama{' '}
          <span className="font-mono">http://localhost:11434/v1</span>, LM Studio{' '}
          <span className="font-mono">http://localhost:1234/v1</span>.
        </p>
      )}
      {hasUrlSecrets(baseUrl) && (
        <p className="mt-1 text-[11px] text-amber-700 dark:text-amber-400">
          {rememberKey
            ? 'This URL holds a secret (user info or query values): it is stored whole, as you asked, with the key. Transcripts, sessions and reports show it REDACTED.'
            : 'This URL holds a secret (user info or query values): it stays in memory; storage, transcripts, sessions and reports keep it REDACTED. Tick “Remember on this device” to keep it whole here.'}
        </p>
      )}
    </div>
  );
}
