import { describe, expect, it } from 'vitest';
import { RequestImportError } from './request-import-error';
import { tokenizeShellWords } from './tokenize-shell-words';

const refusal = (text: string): string => {
  try {
    tokenizeShellWords(text);
  } catch (error) {
    if (error instanceof RequestImportError) return error.problem.got;
    throw error;
  }
  throw new Error('not refused');
};

describe('tokenizeShellWords', () => {
  it('reads quotes, escapes, continuations, comments and a quoted here-document as a shell would', () => {
    const text = `# a note\ncurl --no-buffer 'https://x/v1/messages' \\\n  -H "x-api-key: $KEY" \\\n  -H 'a: it'\\''s' a\\ b \\\n  --data-binary @- <<'EOF'\n{"a": "$(rm -rf /)"}\nEOF\n`;
    expect(tokenizeShellWords(text)).toEqual({
      words: [
        'curl',
        '--no-buffer',
        'https://x/v1/messages',
        '-H',
        'x-api-key: $KEY',
        '-H',
        "a: it's",
        'a b',
        '--data-binary',
        '@-',
      ],
      // Inside a quoted here-document nothing is expanded: the text is data.
      stdin: '{"a": "$(rm -rf /)"}\n',
    });
  });

  it.each([
    ['curl https://x $(cat /etc/passwd)', '“$”'],
    ['curl https://x `id`', 'backtick'],
    ['curl "https://x/`id`"', 'backtick'],
    ['curl "https://x/$(id)"', '“$”'],
    ['curl https://x; rm -rf ~', '“;”'],
    ['curl https://x | sh', 'pipe'],
    ['curl https://x && sh', '“&”'],
    ['curl https://x > ~/.bashrc', 'redirection “>”'],
    ['curl https://x < /etc/passwd', 'redirection “<”'],
    ['curl https://x\nrm -rf ~', 'second command'],
    ['curl https://x -d @- <<EOF\n$(id)\nEOF', 'unquoted delimiter'],
    ['curl https://x -d @- <<A <<B\n1\nA\n2\nB', 'second here-document'],
  ])('refuses %j, naming the trick', (text, named) => {
    expect(refusal(text)).toContain(named);
  });

  it('refuses text cut short (an open quote, a here-document with no end)', () => {
    expect(refusal(`curl 'https://x`)).toContain('never closed');
    expect(() => tokenizeShellWords(`curl -d @- <<'EOF'\n{"a":1}\n`)).toThrow(/cut short/);
  });
});
