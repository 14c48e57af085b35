// Which parts of a server URL are secret, and whether the full URL may be kept in this browser's storage.
import { redactUrl } from '../../shared/redact-url';

export interface UrlSecrets {
  secretPathSegments: string[];
  rememberFullUrl: boolean;
}

function pathSegments(url: string): string[] {
  try {
    return new URL(url).pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => {
        try {
          return decodeURIComponent(segment);
        } catch {
          return segment;
        }
      });
  } catch {
    return [];
  }
}

export function UrlSecretsFields({
  url,
  value,
  onChange,
}: {
  url: string;
  value: UrlSecrets;
  onChange: (next: UrlSecrets) => void;
}) {
  const segments = [...new Set(pathSegments(url))];
  const marked = new Set(value.secretPathSegments);
  const toggle = (segment: string) =>
    onChange({
      ...value,
      secretPathSegments: marked.has(segment)
        ? value.secretPathSegments.filter((other) => other !== segment)
        : [...value.secretPathSegments, segment],
    });
  return (
    <fieldset className="space-y-1.5 text-xs">
      <legend className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">Secrets in the URL</legend>
      {segments.length > 0 && (
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {segments.map((segment) => (
            <label key={segment} className="flex items-center gap-1.5 font-mono">
              <input
                type="checkbox"
                className="size-3.5 accent-indigo-600"
                aria-label={`Path segment ${segment} is secret`}
                checked={marked.has(segment)}
                onChange={() => toggle(segment)}
              />
              {segment}
            </label>
          ))}
        </div>
      )}
      <label className="flex items-center gap-1.5">
        <input
          type="checkbox"
          className="size-3.5 accent-indigo-600"
          checked={value.rememberFullUrl}
          onChange={(event) => onChange({ ...value, rememberFullUrl: event.target.checked })}
        />
        Remember the full URL on this device
      </label>
      <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
        Written down (transcripts, reports, logs{value.rememberFullUrl ? '' : ', sessions, local storage'}) as{' '}
        <span className="font-mono [overflow-wrap:anywhere]">{redactUrl(url, value.secretPathSegments)}</span>. Query
        values and user info are always redacted there;{' '}
        {value.rememberFullUrl
          ? 'the full URL is stored in this browser’s local storage (loupe.servers) and session records, in plain text.'
          : 'the full URL stays in memory only.'}
      </p>
    </fieldset>
  );
}
