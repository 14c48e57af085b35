// Adds an MCP server: its URL and, optionally, headers (e.g. Authorization) kept in memory only.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { parseHeaders } from '../../store/parse-headers';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { McpEraChoice } from '../../protocol/settings';
import { Field } from '../common/field';
import { inputClass, primaryButtonClass } from '../common/styles';
import { parseServerOAuthSettings } from '../../protocol/read-server-oauth-settings';
import { OAuthClientFields, type OAuthClientText } from './oauth-client-fields';
import { ProtocolEraSelect } from './protocol-era-select';

export function AddServerForm() {
  const [url, setUrl] = useState('');
  const [headersText, setHeadersText] = useState('');
  const [era, setEra] = useState<McpEraChoice>('auto');
  const [oauthText, setOAuthText] = useState<OAuthClientText>({ clientId: '', scopes: '' });
  const [problems, setProblems] = useState<string[]>([]);
  const addServer = useLoupeStore((state) => state.addServer);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseHeaders(headersText);
    const oauth = parseServerOAuthSettings(oauthText);
    const found = [...parsed.problems, ...(oauth.ok ? [] : oauth.problems)];
    setProblems(found);
    if (found.length > 0 || url.trim() === '' || !oauth.ok) return;
    void addServer(url, parsed.headers, undefined, undefined, {
      ...(era === 'auto' ? {} : { era }),
      ...(oauth.settings === undefined ? {} : { oauth: oauth.settings }),
    });
    setUrl('');
    setHeadersText('');
    setOAuthText({ clientId: '', scopes: '' });
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <Field label="Server URL">
        {(control) => (
          <input
            {...control}
            type="url"
            spellCheck={false}
            className={`${inputClass} font-mono`}
            placeholder="http://localhost:3001/mcp"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <details className="group text-xs">
        <summary className="cursor-pointer text-zinc-600 select-none hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          Headers, protocol era and sign-in (optional)
        </summary>
        <div className="mt-2">
          <ProtocolEraSelect value={era} onChange={setEra} />
        </div>
        <Field label="Headers" className="mt-2" hint="One “Name: value” per line. Kept in memory only, never saved.">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              spellCheck={false}
              className={`${inputClass} font-mono text-xs`}
              placeholder="Authorization: Bearer …"
              value={headersText}
              onChange={(event) => setHeadersText(event.target.value)}
            />
          )}
        </Field>
        <div className="mt-2">
          <OAuthClientFields value={oauthText} onChange={setOAuthText} />
        </div>
      </details>
      {problems.length > 0 && (
        <div
          role="alert"
          className="rounded-md bg-red-50 p-2 text-xs text-red-700 dark:bg-red-500/10 dark:text-red-400"
        >
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <button type="submit" className={primaryButtonClass} disabled={url.trim() === ''}>
        Add server
      </button>
    </form>
  );
}
