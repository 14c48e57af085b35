// Edits a server in place: name, URL, headers, tool timeout, protocol era and OAuth client; saving reconnects it. Bad input keeps the dialog open.
import { useState } from 'react';
import type { ServerConfig } from '../../protocol/settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { parseHeaders } from '../../store/parse-headers';
import { Field } from '../common/field';
import { SecondsField } from '../common/seconds-field';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';
import { ModalDialog } from '../tools/modal-dialog';
import { parseServerOAuthSettings } from '../../protocol/read-server-oauth-settings';
import { OAuthClientFields, oauthClientText } from './oauth-client-fields';
import { ProtocolEraSelect } from './protocol-era-select';
import { UrlSecretsFields, type UrlSecrets } from './url-secrets-fields';
import { ProblemList } from '../common/problem-list';

const headersText = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

export function EditServerDialog({ server, onClose }: { server: ServerConfig; onClose: () => void }) {
  const editServer = useLoupeStore((state) => state.editServer);
  const [name, setName] = useState(server.name);
  const [url, setUrl] = useState(server.url);
  const [headers, setHeaders] = useState(headersText(server.headers));
  const [secrets, setSecrets] = useState<UrlSecrets>({
    secretPathSegments: server.secretPathSegments ?? [],
    rememberFullUrl: server.rememberFullUrl === true,
  });
  const [timeout, setTimeoutText] = useState(
    server.toolTimeoutMs === undefined ? '' : String(server.toolTimeoutMs / 1000),
  );
  const [era, setEra] = useState(server.era ?? 'auto');
  const [oauthText, setOAuthText] = useState(() => oauthClientText(server.oauth));
  const oauth = parseServerOAuthSettings(oauthText);
  const parsed = parseHeaders(headers);
  const seconds = timeout.trim() === '' ? undefined : Number(timeout);
  const badTimeout = seconds !== undefined && !(Number.isFinite(seconds) && seconds >= 0.1 && seconds <= 3600);
  const problems = [
    ...(url.trim() === '' ? ['Enter the server URL.'] : []),
    ...parsed.problems,
    ...(badTimeout ? ['Tool timeout: enter seconds from 0.1 to 3600, or leave it empty.'] : []),
    ...(oauth.ok ? [] : oauth.problems),
  ];
  return (
    <ModalDialog title={`Edit server ${server.name}`} onClose={onClose}>
      <div className="space-y-3">
        <Field label="Name (prefix of its tools)">
          {(control) => (
            <input
              {...control}
              className={`${inputClass} font-mono`}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label="URL">
          {(control) => (
            <input
              {...control}
              className={`${inputClass} font-mono`}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </Field>
        <UrlSecretsFields url={url} value={secrets} onChange={setSecrets} />
        <Field label={'Headers (one "Name: value" per line, kept in memory only)'}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              spellCheck={false}
              className={`${inputClass} font-mono text-xs`}
              value={headers}
              onChange={(event) => setHeaders(event.target.value)}
            />
          )}
        </Field>
        <SecondsField
          label="Tool timeout (s)"
          hint="How long a call to this server may stay silent (progress restarts it). Empty: Loop policies decide."
          placeholder="the run's setting"
          value={timeout}
          onChange={setTimeoutText}
        />
        <ProtocolEraSelect value={era} onChange={setEra} />
        <OAuthClientFields value={oauthText} onChange={setOAuthText} />
        <ProblemList problems={problems} />
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={problems.length > 0}
          onClick={() => {
            const toolTimeoutMs = seconds === undefined ? undefined : Math.round(seconds * 1000);
            const settings = oauth.ok ? oauth.settings : undefined;
            void editServer(server.id, {
              name,
              url,
              headers: parsed.headers,
              ...secrets,
              toolTimeoutMs,
              era,
              ...(settings === undefined ? {} : { oauth: settings }),
            });
            onClose();
          }}
        >
          Save and reconnect
        </button>
      </div>
    </ModalDialog>
  );
}
