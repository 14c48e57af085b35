// Pure: a pasted `curl` command read for what it would send — URL, headers, body — never run, its key dropped.
import { redactUrl } from '../../shared/redact-url';
import { refuse } from './request-import-error';
import { tokenizeShellWords } from './tokenize-shell-words';

/** What the curl would send. No credential is ever in it: auth headers, cookies and `-u` are dropped. */
export interface CurlRequest {
  /** The URL, its secrets (user info, query values, fragment) redacted. */
  url: string;
  /** The headers that change what the call means (`anthropic-version`, `anthropic-beta` …), lower-case names. */
  headers: Record<string, string>;
  /** Which header carried the key, so a re-send knows where its own key goes (never the key). */
  authHeader?: string;
  body: string;
}

const WHERE = '(curl)';

/** Headers that carry credentials: read, then dropped on the spot. */
const SECRET_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'api-key',
  'cookie',
  'proxy-authorization',
  'x-goog-api-key',
]);
/** Headers curl or the transport sets: not part of what the request means. */
const TRANSPORT_HEADERS = new Set([
  'content-type',
  'content-length',
  'accept',
  'accept-encoding',
  'user-agent',
  'host',
  'connection',
]);

/** Options that take no value and change nothing Loupe reads. */
const FLAGS = new Set([
  '--no-buffer',
  '-N',
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-sS',
  '-Ss',
  '--compressed',
  '-i',
  '--include',
  '-v',
  '--verbose',
  '-L',
  '--location',
  '--fail',
  '-f',
  '-k',
  '--insecure',
]);
const DATA = new Set(['-d', '--data', '--data-binary', '--data-raw', '--data-ascii', '--json']);
const VALUED_IGNORED = new Set(['--max-time', '-m', '--connect-timeout', '--retry']);

/**
 * Reads `text` as one curl command (tokenizeShellWords: shell tricks refused). The body comes from `-d` /
 * `--data*` / `--json`, or from the here-document when it is `@-`; `@file` is refused (Loupe does not read
 * your disk). A method other than POST, an option Loupe does not know, a second body or URL, or no body is
 * refused with a problem naming it. Credentials (`Authorization`, `x-api-key`, cookies, `-u`) are dropped here
 * and never reach a transcript, the store or a session record.
 */
export function parseCurlCommand(text: string): CurlRequest {
  const { words, stdin } = tokenizeShellWords(text);
  if (words[0] !== 'curl')
    refuse(WHERE, 'a command starting with “curl”', words[0] === undefined ? 'nothing' : `“${words[0].slice(0, 40)}”`);
  let url: string | undefined;
  let body: string | undefined;
  let authHeader: string | undefined;
  const headers: Record<string, string> = {};
  const value = (index: number, option: string): string => {
    const next = words[index + 1];
    if (next === undefined) refuse(WHERE, `a value after ${option}`, 'the end of the command');
    return next;
  };
  for (let i = 1; i < words.length; i += 1) {
    const word = words[i]!;
    if (FLAGS.has(word)) continue;
    if (VALUED_IGNORED.has(word)) {
      value(i, word);
      i += 1;
      continue;
    }
    if (word === '-X' || word === '--request') {
      const method = value(i, word);
      if (method.toUpperCase() !== 'POST')
        refuse(WHERE, 'a POST request (a model API call)', `the method ${method.slice(0, 20)}`);
      i += 1;
      continue;
    }
    if (word === '-u' || word === '--user') {
      value(i, word);
      authHeader = 'authorization';
      i += 1;
      continue;
    }
    if (word === '-H' || word === '--header') {
      const header = value(i, word);
      i += 1;
      const colon = header.indexOf(':');
      if (colon <= 0) refuse(WHERE, 'each header written “name: value”', `“${header.slice(0, 40)}”`);
      const name = header.slice(0, colon).trim().toLowerCase();
      if (SECRET_HEADERS.has(name)) {
        if (name !== 'cookie') authHeader = name;
        continue;
      }
      if (!TRANSPORT_HEADERS.has(name)) headers[name] = header.slice(colon + 1).trim();
      continue;
    }
    if (DATA.has(word)) {
      const data = value(i, word);
      i += 1;
      if (body !== undefined) refuse(WHERE, 'one request body', 'a second -d / --data option');
      if (data.startsWith('@') && word !== '--data-raw') {
        if (data !== '@-')
          refuse(
            WHERE,
            'the body in the command itself',
            `“${data.slice(0, 60)}” (a file on disk, which Loupe does not read)`,
          );
        if (stdin === undefined) refuse(WHERE, 'a here-document holding the body of “@-”', 'no here-document');
        body = stdin;
      } else body = data;
      continue;
    }
    if (word === '--url') {
      url = setUrl(url, value(i, word));
      i += 1;
      continue;
    }
    if (word.startsWith('-'))
      refuse(
        WHERE,
        'only curl options Loupe knows (-H, -d, --data-binary, -X POST, --url …)',
        `the option “${word.slice(0, 40)}”`,
      );
    url = setUrl(url, word);
  }
  if (url === undefined) refuse(WHERE, 'a URL', 'none');
  if (body === undefined) refuse(WHERE, 'a request body (-d, --data-binary or --json)', 'none');
  return { url: redactUrl(url), headers, body, ...(authHeader ? { authHeader } : {}) };
}

function setUrl(previous: string | undefined, url: string): string {
  if (previous !== undefined) refuse(WHERE, 'one URL', 'a second URL');
  if (!/^https?:\/\//i.test(url)) refuse(WHERE, 'an http(s) URL', `“${url.slice(0, 60)}”`);
  return url;
}
