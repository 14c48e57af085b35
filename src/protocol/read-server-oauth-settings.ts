// Pure: reads and checks the OAuth fields of a server (typed by the person, or read back from storage).
import type { ServerOAuthSettings } from './settings';

/** Longest client id accepted (real ones are far shorter; a URL-shaped one stays well under this). */
export const MAX_OAUTH_CLIENT_ID_LENGTH = 512;
/** Most scopes accepted for one server. */
export const MAX_OAUTH_SCOPES = 50;

// RFC 6749 §A.1 client_id: VSCHAR (printable ASCII and space), here without leading/trailing space.
const CLIENT_ID = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
// RFC 6749 §3.3 scope-token: %x21 / %x23-5B / %x5D-7E (no space, quote or backslash).
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/;

/** The OAuth fields as text: `clientId` and space-separated `scopes`, or the problems in plain words. */
export function parseServerOAuthSettings(fields: {
  clientId: string;
  scopes: string;
}): { ok: true; settings: ServerOAuthSettings | undefined } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const clientId = fields.clientId.trim();
  if (clientId.length > MAX_OAUTH_CLIENT_ID_LENGTH)
    problems.push(`OAuth client ID: at most ${MAX_OAUTH_CLIENT_ID_LENGTH} characters.`);
  else if (clientId !== '' && !CLIENT_ID.test(clientId))
    problems.push('OAuth client ID: printable ASCII only (letters, digits, punctuation).');
  const scopes = fields.scopes.split(/\s+/).filter((scope) => scope !== '');
  const bad = scopes.filter((scope) => !SCOPE_TOKEN.test(scope));
  if (bad.length > 0)
    problems.push(
      `OAuth scopes: ${bad
        .slice(0, 3)
        .map((scope) => JSON.stringify(scope))
        .join(', ')} cannot be a scope (no quotes, backslashes or non-ASCII).`,
    );
  if (scopes.length > MAX_OAUTH_SCOPES) problems.push(`OAuth scopes: at most ${MAX_OAUTH_SCOPES}.`);
  if (problems.length > 0) return { ok: false, problems };
  const unique = [...new Set(scopes)];
  const settings: ServerOAuthSettings = {
    ...(clientId === '' ? {} : { clientId }),
    ...(unique.length === 0 ? {} : { scopes: unique }),
  };
  return { ok: true, settings: Object.keys(settings).length === 0 ? undefined : settings };
}

/** `value` (from storage or a message) as settings when it is well formed, else undefined. Total. */
export function readServerOAuthSettings(value: unknown): ServerOAuthSettings | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { clientId, scopes } = value as Record<string, unknown>;
  const parsed = parseServerOAuthSettings({
    clientId: typeof clientId === 'string' ? clientId : '',
    scopes: Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string') ? scopes.join(' ') : '',
  });
  return parsed.ok ? parsed.settings : undefined;
}
