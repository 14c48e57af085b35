// Llama 3.1/3.2/3.3 JSON tool calls: the reply is `{"name": …, "parameters": {…}}` (the template's
// "JSON-based tool calling"), optionally after `<|python_tag|>`, several separated by `;`. Pure.
import { readCallObject } from './read-call-object';
import { readJsonPrefix } from './read-json-prefix';
import type { ParsedReply } from './parsed-reply';

const PYTHON_TAG = '<|python_tag|>';

export function parseLlama3Calls(text: string): Omit<ParsedReply, 'thinking'> {
  const tagged = text.indexOf(PYTHON_TAG);
  const before = tagged === -1 ? '' : text.slice(0, tagged);
  const body = (tagged === -1 ? text : text.slice(tagged + PYTHON_TAG.length)).trim();
  // Only a reply that is calls from its start is read as calls: prose that quotes JSON stays text.
  if (!body.startsWith('{')) {
    const problems =
      tagged === -1
        ? []
        : ['<|python_tag|> was followed by something other than a JSON call (built-in tools are not read).'];
    return { text: text.replace(PYTHON_TAG, '').trim(), calls: [], problems };
  }
  const calls: ParsedReply['calls'] = [];
  let at = 0;
  while (at < body.length) {
    const read = readJsonPrefix(body, at);
    const call = 'error' in read ? read.error : readCallObject(read.value);
    if (typeof call === 'string' || 'error' in read) {
      return {
        text: text.replace(PYTHON_TAG, '').trim(),
        calls: [],
        problems: [`The reply looked like a call but was kept as text: ${typeof call === 'string' ? call : ''}.`],
      };
    }
    calls.push(call);
    at = read.end;
    const separator = /^\s*;?\s*/.exec(body.slice(at))?.[0] ?? '';
    at += separator.length;
    if (at < body.length && body[at] !== '{') break;
  }
  return { text: `${before}${body.slice(at)}`.trim(), calls, problems: [] };
}
