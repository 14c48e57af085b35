// The imported-settings offer's body (its own chunk, see imported-settings-offer.tsx): the file's provider, model
// and base URL where they differ from yours; you choose.
import { useEffect, useRef } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { SettingsOffer } from '../../store/diff-imported-settings';
import { primaryButtonClass, secondaryButtonClass } from '../common/styles';

const FIELD_NAMES = { provider: 'Provider', model: 'Model', baseUrl: 'Base URL' } as const;
const PROVIDER_NAMES = { anthropic: 'Anthropic', 'openai-compatible': 'OpenAI-compatible' } as const;

export function ImportedSettingsOfferBody({ offer }: { offer: SettingsOffer }) {
  const answer = useLoupeStore((state) => state.answerSettingsOffer);
  const applicable = Object.keys(offer.patch).length > 0;
  const redirect = offer.keyRedirect;
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus({ preventScroll: true }), []);
  return (
    <section
      aria-label="Imported settings"
      className="w-full basis-full rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <p className="font-medium">The imported run was made with other model settings. Yours are unchanged.</p>
      <ul className="mt-1 space-y-0.5">
        {offer.differences.map((difference) => (
          <li key={difference.field}>
            {FIELD_NAMES[difference.field]}:{' '}
            <span className="font-mono [overflow-wrap:anywhere]">{difference.theirs}</span> (yours:{' '}
            <span className="font-mono [overflow-wrap:anywhere]">{difference.mine || 'none'}</span>)
            {difference.refused && <> — not offered: {difference.refused}</>}
          </li>
        ))}
      </ul>
      <p className="mt-1">Keys are never taken from a file; each provider keeps the key you typed for it.</p>
      {redirect && (
        <p role="note" className="mt-1 font-medium">
          Your {PROVIDER_NAMES[redirect.provider]} key is for{' '}
          <span className="font-mono [overflow-wrap:anywhere]">{redirect.from}</span>; these settings send requests to{' '}
          <span className="font-mono [overflow-wrap:anywhere]">{redirect.to}</span>. “Use these settings without my key”
          clears that key; it goes to {redirect.to} only if you choose “Send my key to {redirect.to}”.
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {/* Keep mine comes first and has the focus: the safe answer is the one Enter gives. */}
        <button type="button" className={primaryButtonClass} onClick={() => answer('keep')} ref={keepRef}>
          Keep mine
        </button>
        {applicable && (
          <button type="button" className={secondaryButtonClass} onClick={() => answer('apply')}>
            {redirect ? 'Use these settings without my key' : 'Use these settings'}
          </button>
        )}
        {applicable && redirect && (
          <button type="button" className={secondaryButtonClass} onClick={() => answer('apply-with-key')}>
            Send my key to {redirect.to}
          </button>
        )}
      </div>
    </section>
  );
}
