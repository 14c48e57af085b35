// Pure: the words of one pasted shell command (a `curl`), read the way a POSIX shell would — never run.
import { refuse } from './request-import-error';

/** The command's words and the text of its one here-document (what `@-` reads), if it has one. */
export interface ShellWords {
  words: string[];
  stdin?: string;
}

const WHERE = '(curl)';

/** Characters a shell gives a meaning to; outside quotes each is refused, so nothing pasted can do more than curl. */
const OPERATORS: Record<string, string> = {
  ';': 'a “;” (a second command)',
  '|': 'a pipe “|”',
  '&': 'an “&” (a background job or “&&”)',
  '>': 'an output redirection “>”',
  '<': 'an input redirection “<”',
  '(': 'a subshell “(”',
  ')': 'a subshell “)”',
  '`': 'a backtick command substitution',
  $: 'a “$” (a variable or “$(…)” command substitution)',
};

const trick = (what: string): never =>
  refuse(WHERE, 'one plain curl command (Loupe reads it, never runs it)', `${what} — remove it and paste again`);

/**
 * Splits `text` into words: single and double quotes, backslash escapes and line continuations as in a POSIX
 * shell, `#` comment lines skipped, and one quoted here-document (`--data-binary @- <<'FENCE'` … `FENCE`, as
 * Loupe's own curl export writes). Anything that would make a shell do more than run one command — `$(…)`,
 * `$VAR` (except the key variable of an auth header, whose value is dropped anyway), backticks, `;`, `|`, `&&`,
 * redirections, subshells, a second command — is refused with a problem naming it.
 */
export function tokenizeShellWords(text: string): ShellWords {
  const words: string[] = [];
  let stdin: string | undefined;
  let fence: string | undefined;
  let word: string | null = null;
  let i = 0;
  let ended = false; // an unescaped newline ended the command: only comments and blank lines may follow
  const push = () => {
    if (word !== null) {
      if (ended) trick('a second command on another line');
      words.push(word);
    }
    word = null;
  };
  const readHereDocument = () => {
    // The body starts on the line after the one holding `<<FENCE` and ends at a line that is exactly FENCE.
    const lineEnd = text.indexOf('\n', i);
    const rest = lineEnd < 0 ? '' : text.slice(lineEnd + 1);
    const lines = rest.split('\n');
    const end = lines.findIndex((line) => line.replace(/\r$/, '') === fence);
    if (end < 0) refuse(WHERE, `a here-document ending in a line “${fence}”`, 'text that is cut short before it');
    stdin = lines.slice(0, end).join('\n') + '\n';
    const before = text.slice(i, lineEnd < 0 ? text.length : lineEnd);
    const after = lines.slice(end + 1).join('\n');
    text = text.slice(0, i) + before + '\n' + after;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n') i += 2;
      else if (next === '\r' && text[i + 2] === '\n') i += 3;
      else if (next === undefined) trick('a trailing backslash');
      else {
        word = (word ?? '') + next;
        i += 2;
      }
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      push();
      i += 1;
      continue;
    }
    if (c === '\n') {
      push();
      if (words.length > 0) ended = true;
      i += 1;
      continue;
    }
    if (c === '#' && word === null) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0)
        refuse(WHERE, 'every single quote closed', 'a quote that is never closed (the text may be cut short)');
      word = (word ?? '') + text.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let value = '';
      i += 1;
      for (;;) {
        const d = text[i];
        if (d === undefined)
          refuse(WHERE, 'every double quote closed', 'a quote that is never closed (the text may be cut short)');
        if (d === '"') break;
        if (d === '`') trick(OPERATORS['`']!);
        if (d === '$') {
          // "$NAME" whole, right after `Bearer ` or `x-api-key: `: the key variable Loupe's own export writes.
          const name = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/.exec(text.slice(i));
          if (!name) trick(OPERATORS.$!);
          value += `$${name![1]}`;
          i += name![0].length;
          continue;
        }
        if (d === '\\' && '"\\$`\n'.includes(text[i + 1] ?? '')) {
          if (text[i + 1] !== '\n') value += text[i + 1];
          i += 2;
          continue;
        }
        value += d;
        i += 1;
      }
      word = (word ?? '') + value;
      i += 1;
      continue;
    }
    if (c === '<' && text[i + 1] === '<' && word === null) {
      if (fence !== undefined) trick('a second here-document');
      const match = /^<<-?\s*(?:'([^'\n]+)'|"([^"\n]+)"|([A-Za-z_][A-Za-z0-9_]*))/.exec(text.slice(i));
      if (!match) trick(OPERATORS['<']!);
      fence = match![1] ?? match![2] ?? match![3]!;
      const quoted = match![3] === undefined;
      i += match![0].length;
      readHereDocument();
      if (!quoted && /[$`\\]/.test(stdin!))
        trick('a here-document with an unquoted delimiter whose text the shell would expand');
      continue;
    }
    if (c in OPERATORS) trick(OPERATORS[c]!);
    word = (word ?? '') + c;
    i += 1;
  }
  push();
  return stdin === undefined ? { words } : { words, stdin };
}
