// The headless runner's secrets, each bound to the places the person named: the keys from ANTHROPIC_API_KEY /
// OPENAI_API_KEY (to the provider's own API, --base-url and LOUPE_KEY_ORIGINS) and the server headers from
// LOUPE_SERVER_HEADERS (to the server URL each entry names). Nothing here comes from the suite file.
import { maySendSecretTo, parseSecretDestination, type SecretDestination } from './secret-destination';

/** The providers whose key comes from the environment. */
export type KeyedProvider = 'anthropic' | 'openai-compatible';

/** Environment variables the runner reads keys from (never the suite file: it holds no secrets). */
export const KEY_VARIABLES = { anthropic: 'ANTHROPIC_API_KEY', 'openai-compatible': 'OPENAI_API_KEY' } as const;

/** Each provider's own API: its key may always go there. */
export const DEFAULT_BASE_URLS = {
  anthropic: 'https://api.anthropic.com',
  'openai-compatible': 'https://api.openai.com/v1',
} as const;

/** A provider's key and where it may go. */
export interface BoundKey {
  /** `''` when the variable is unset. */
  readonly value: string;
  readonly variable: string;
  readonly destinations: readonly SecretDestination[];
}

/** Request headers for one server, bound to the URL the person gave for it. */
export interface BoundHeaders {
  readonly destination: SecretDestination;
  readonly headers: Readonly<Record<string, string>>;
}

/** Every secret of a headless run with where it may go, and whether private addresses are refused. */
export interface SecretBindings {
  readonly keys: Readonly<Record<KeyedProvider, BoundKey>>;
  readonly serverHeaders: readonly BoundHeaders[];
  /** `--public-only`: refuse model and server URLs on this machine or the LAN that the person did not name. */
  readonly publicOnly: boolean;
  /** Every place the person named (for `--public-only`: those stay allowed). */
  readonly named: readonly SecretDestination[];
}

export interface BindingFlags {
  baseUrl?: string;
  publicOnly?: boolean;
  /** Base URLs the person gave one model each (`--model p/m@URL`): only that provider's key may go there. */
  modelUrls?: readonly { provider: 'demo' | KeyedProvider; url: string }[];
}

const HEADERS_FORM = '{"https://mcp.example.com": {"Authorization": "Bearer …"}}';

function readServerHeaders(text: string | undefined): BoundHeaders[] | string {
  if (text === undefined || text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `LOUPE_SERVER_HEADERS must be JSON: ${HEADERS_FORM}.`;
  const bound: BoundHeaders[] = [];
  for (const [where, headers] of Object.entries(value as Record<string, unknown>)) {
    const destination = parseSecretDestination(where, 'LOUPE_SERVER_HEADERS');
    // A name would let the suite, which picks both its servers' names and URLs, pick where the headers go.
    if (typeof destination === 'string')
      return `LOUPE_SERVER_HEADERS: "${where}" is not a server URL. Headers are bound to the server's address, not its name (a suite chooses names and URLs): ${HEADERS_FORM}.`;
    if (
      typeof headers !== 'object' ||
      headers === null ||
      Array.isArray(headers) ||
      Object.values(headers).some((header) => typeof header !== 'string')
    )
      return `LOUPE_SERVER_HEADERS: the headers for "${where}" must be an object of strings.`;
    bound.push({ destination, headers: headers as Record<string, string> });
  }
  return bound;
}

function readKeyOrigins(text: string | undefined): SecretDestination[] | string {
  const destinations: SecretDestination[] = [];
  for (const item of (text ?? '').split(/[\s,]+/).filter((part) => part !== '')) {
    const destination = parseSecretDestination(item, 'LOUPE_KEY_ORIGINS');
    if (typeof destination === 'string') return destination;
    destinations.push(destination);
  }
  return destinations;
}

/** The bindings from the environment and the flags, or a sentence saying what is wrong with them. */
export function readSecretBindings(
  env: Record<string, string | undefined>,
  flags: BindingFlags = {},
): SecretBindings | string {
  const serverHeaders = readServerHeaders(env['LOUPE_SERVER_HEADERS']);
  if (typeof serverHeaders === 'string') return serverHeaders;
  const keyOrigins = readKeyOrigins(env['LOUPE_KEY_ORIGINS']);
  if (typeof keyOrigins === 'string') return keyOrigins;
  const fromFlag = flags.baseUrl === undefined ? undefined : parseSecretDestination(flags.baseUrl, '--base-url');
  if (typeof fromFlag === 'string') return fromFlag;
  const personal = [...(fromFlag === undefined ? [] : [fromFlag]), ...keyOrigins];
  const perModel: { provider: string; destination: SecretDestination }[] = [];
  for (const { provider, url } of flags.modelUrls ?? []) {
    const destination = parseSecretDestination(url, '--model');
    if (typeof destination === 'string') return destination;
    perModel.push({ provider, destination });
  }
  const keyFor = (provider: KeyedProvider): BoundKey => {
    const own = parseSecretDestination(DEFAULT_BASE_URLS[provider], 'the default') as SecretDestination;
    const mine = perModel.filter((entry) => entry.provider === provider).map((entry) => entry.destination);
    return {
      value: env[KEY_VARIABLES[provider]] ?? '',
      variable: KEY_VARIABLES[provider],
      destinations: [{ ...own, path: '' }, ...personal, ...mine],
    };
  };
  return {
    keys: { anthropic: keyFor('anthropic'), 'openai-compatible': keyFor('openai-compatible') },
    serverHeaders,
    publicOnly: flags.publicOnly ?? false,
    named: [
      ...personal,
      ...perModel.map((entry) => entry.destination),
      ...serverHeaders.map((entry) => entry.destination),
    ],
  };
}

/** The headers the person bound to `serverUrl` (every entry whose URL covers it), else none. */
export function serverHeadersFor(serverUrl: string, bindings: SecretBindings): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of bindings.serverHeaders)
    if (maySendSecretTo(serverUrl, [entry.destination])) Object.assign(headers, entry.headers);
  return headers;
}
