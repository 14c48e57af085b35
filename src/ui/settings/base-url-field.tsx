// The provider endpoint (a proxy or a mock server may stand in for the real API). Each provider has its own.
import { hasUrlSecrets } from '../../shared/redact-url';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass } from '../common/styles';

export function BaseUrlField() {
  const baseUrl = useLoupeStore((state) => state.settings.baseUrl);
  const provider = useLoupeStore((state) => state.settings.provider);
  const rememberKey = useLoupeStore((state) => state.settings.rememberKey);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  return (
    <div>
      <Field
        label="Base URL"
        hint={
          provider === 'openai-compatible' ? (
            <>
              Usually ends in <span className="font-mono">/v1</span>: Ollama{' '}
              <span className="font-mono">http://localhost:11434/v1</span>, LM Studio{' '}
              <span className="font-mono">http://localhost:1234/v1</span>.
            </>
          ) : undefined
        }
      >
        {(control) => (
          <input
            {...control}
            type="url"
            spellCheck={false}
            className={`${inputClass} font-mono`}
            value={baseUrl}
            onChange={(event) => updateSettings({ baseUrl: event.target.value })}
          />
        )}
      </Field>
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
