// The OAuth choices of a server: a hand-registered client id and the scopes to ask for (never a client secret).
import type { ServerOAuthSettings } from '../../protocol/settings';
import { Field } from '../common/field';
import { inputClass } from '../common/styles';

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
  const callback = `${location.origin}/oauth-callback.html`;
  return (
    <div className="space-y-2">
      <Field
        label="OAuth client ID"
        hint={
          <>
            For a server whose sign-in has no dynamic registration: the client id you registered for Loupe there, with
            the redirect URI <span className="font-mono break-all">{callback}</span>. No client secret: Loupe runs in
            your browser, where a secret cannot be kept from the page, so it signs in as a public client (PKCE).
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            spellCheck={false}
            autoComplete="off"
            placeholder="registered dynamically"
            className={`${inputClass} font-mono`}
            value={value.clientId}
            onChange={(event) => onChange({ ...value, clientId: event.target.value })}
          />
        )}
      </Field>
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
