// The OAuth choices of a server: a hand-registered client id and the scopes to ask for (never a client secret).
import { useId } from 'react';
import type { ServerOAuthSettings } from '../../protocol/settings';
import { Field } from '../common/field';
import { inputClass, labelClass } from '../common/styles';

/** The two fields as typed (checked with `parseServerOAuthSettings` on save). */
export interface OAuthClientText {
  clientId: string;
  scopes: string;
}

/** The fields' text for saved settings. */
export function oauthClientText(settings: ServerOAuthSettings | undefined): OAuthClientText {
  return { clientId: settings?.clientId ?? '', scopes: settings?.scopes?.join(' ') ?? '' };
}

export function OAuthClientFields({
  value,
  onChange,
}: {
  value: OAuthClientText;
  onChange: (next: OAuthClientText) => void;
}) {
  const clientIdId = useId();
  const clientIdHint = useId();
  const callback = `${location.origin}/oauth-callback.html`;
  return (
    <div className="space-y-2">
      <div>
        <label htmlFor={clientIdId} className={labelClass}>
          OAuth client ID
        </label>
        <input
          id={clientIdId}
          spellCheck={false}
          autoComplete="off"
          placeholder="registered dynamically"
          aria-describedby={clientIdHint}
          className={`${inputClass} font-mono`}
          value={value.clientId}
          onChange={(event) => onChange({ ...value, clientId: event.target.value })}
        />
        <p id={clientIdHint} className="mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">
          For a server whose sign-in has no dynamic registration: the client id you registered for Loupe there, with the
          redirect URI <span className="font-mono break-all">{callback}</span>. No client secret: Loupe runs in your
          browser, where a secret cannot be kept from the page, so it signs in as a public client (PKCE).
        </p>
      </div>
      <Field
        label="OAuth scopes"
        hint="Space-separated; asked for instead of the scopes the server suggests. Saved with the server."
      >
        {(control) => (
          <input
            {...control}
            spellCheck={false}
            autoComplete="off"
            placeholder="what the server suggests"
            className={`${inputClass} font-mono`}
            value={value.scopes}
            onChange={(event) => onChange({ ...value, scopes: event.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
