// Where the bridge's token comes from. By default it is new at each start, so the printed URL (and a server entry
// saved with it) stops working when the bridge restarts. `--keep-token` keeps one token in a file of the person's
// own config directory (created 0600 in a 0700 folder), and `LOUPE_BRIDGE_TOKEN` gives one from the environment
// (never a command-line word: other users of the machine can read those in `ps`).
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createBridgeToken } from './bridge-http.ts';

/** A kept or given token must be at least this long, from the URL-safe alphabet the bridge itself writes. */
const tokenPattern = /^[A-Za-z0-9_-]{32,256}$/;

/** The environment variable that gives the token. */
export const BRIDGE_TOKEN_ENV = 'LOUPE_BRIDGE_TOKEN';

export interface BridgeTokenChoice {
  token: string;
  /** What the terminal says about it: where it came from, and whether it survives a restart. */
  note: string;
}

export interface ResolveBridgeTokenOptions {
  /** `--keep-token`: read the token from `tokenFile`, or write a new one there. */
  keepToken: boolean;
  /** `--token-file <path>`; default `<config dir>/loupe/bridge-token`. */
  tokenFile?: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** `$XDG_CONFIG_HOME/loupe/bridge-token`, or `~/.config/loupe/bridge-token`. */
export function defaultTokenFile(env: Readonly<Record<string, string | undefined>>): string {
  const configHome = env['XDG_CONFIG_HOME'];
  const base = configHome !== undefined && configHome.startsWith('/') ? configHome : join(homedir(), '.config');
  return join(base, 'loupe', 'bridge-token');
}

/** The token this start uses; throws an Error with a plain message when a given or kept one is unusable. */
export function resolveBridgeToken(options: ResolveBridgeTokenOptions): BridgeTokenChoice {
  const given = options.env[BRIDGE_TOKEN_ENV];
  if (given !== undefined && given !== '') {
    if (!tokenPattern.test(given))
      throw new Error(`${BRIDGE_TOKEN_ENV} must be 32 to 256 characters of A–Z, a–z, 0–9, "-" and "_".`);
    return { token: given, note: `The token comes from ${BRIDGE_TOKEN_ENV}: the URL stays the same while it does.` };
  }
  if (!options.keepToken && options.tokenFile === undefined)
    return { token: createBridgeToken(), note: 'The token in the URL is new at each start (--keep-token keeps it).' };
  const file = options.tokenFile ?? defaultTokenFile(options.env);
  const kept = readKeptToken(file);
  if (kept !== undefined)
    return { token: kept, note: `The token is kept in ${file}: the URL stays the same after a restart.` };
  const token = createBridgeToken();
  if (!writeNewTokenFile(file, token)) {
    // Another bridge started at the same moment wrote it first: use that one.
    const written = readKeptToken(file);
    if (written !== undefined)
      return { token: written, note: `The token is kept in ${file}: the URL stays the same after a restart.` };
  }
  return { token, note: `A new token is kept in ${file}: the URL will stay the same after a restart.` };
}

/** The token in `file`, or undefined when there is no such file; throws when the file is not one to trust. */
function readKeptToken(file: string): string | undefined {
  let stats;
  try {
    stats = lstatSync(file);
  } catch {
    return undefined;
  }
  // A link could point the bridge at a file someone else controls; a readable file gives the token away.
  if (!stats.isFile()) throw new Error(`${file} is not a plain file: remove it, and the bridge writes a new one.`);
  if ((stats.mode & 0o077) !== 0)
    throw new Error(`${file} can be read by other users of this machine: remove it, and the bridge writes a new one.`);
  const token = readFileSync(file, 'utf8').trim();
  if (!tokenPattern.test(token))
    throw new Error(`${file} does not hold a bridge token: remove it, and the bridge writes a new one.`);
  return token;
}

/**
 * Writes `token` to a new `file` (never over an existing one or through a link), readable by its owner only;
 * false when the file appeared in the meantime.
 */
function writeNewTokenFile(file: string, token: string): boolean {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let descriptor: number;
  try {
    descriptor = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    if (!fstatSync(descriptor).isFile()) throw new Error(`${file} is not a plain file.`);
    writeSync(descriptor, `${token}\n`);
  } finally {
    closeSync(descriptor);
  }
  return true;
}
