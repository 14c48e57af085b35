// Pure: the person's secrets an export must not write down, gathered from the settings and the servers.
import type { ServerConfig } from '../protocol/settings';
import { secretList, urlSecrets } from '../shared/scrub-secrets';
import type { Settings } from './settings';

/**
 * Header names whose values are credentials. Loupe has no per-header "secret" mark, so it goes by the name:
 * `Authorization`, `X-Api-Key`, `Cookie`, `X-Auth-Token`, `Loupe-Helper-Token`… A header such as `X-Team` is
 * not a credential and its value may well appear in a tool's result on purpose.
 */
const CREDENTIAL_HEADER = /auth|token|key|secret|passw|cookie|session|credential/i;

/** The value of a credential header, and its token alone (`Bearer abc` → also `abc`), which a server may echo. */
function headerSecrets(value: string): string[] {
  const token = /^\s*(?:bearer|basic|token|apikey)\s+(\S+)\s*$/i.exec(value)?.[1];
  return token === undefined ? [value] : [value, token];
}

/**
 * Every secret the person gave Loupe that may not appear in an export, longest first: each provider's key and
 * the secret parts of its base URL, and for each MCP server the values of its credential headers and the secret
 * parts of its URL (user info, query values, marked path segments). Values shorter than 6 characters are left
 * out (see `MIN_SECRET_LENGTH`).
 */
export function collectExportSecrets(state: {
  settings: Pick<Settings, 'apiKey' | 'baseUrl' | 'credentials'>;
  servers: readonly Pick<ServerConfig, 'url' | 'headers' | 'secretPathSegments'>[];
}): string[] {
  const { settings, servers } = state;
  const values: string[] = [settings.apiKey, ...urlSecrets(settings.baseUrl)];
  for (const credentials of Object.values(settings.credentials))
    values.push(credentials.apiKey, ...urlSecrets(credentials.baseUrl));
  for (const server of servers) {
    values.push(...urlSecrets(server.url, server.secretPathSegments ?? []));
    for (const [name, value] of Object.entries(server.headers))
      if (CREDENTIAL_HEADER.test(name)) values.push(...headerSecrets(value));
  }
  return secretList(values);
}
