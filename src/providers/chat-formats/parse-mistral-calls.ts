// Mistral calls: `[TOOL_CALLS][{"name": …, "arguments": {…}, "id": …}]` (tokenizer v3: Mistral 7B v0.3, Nemo)
// or `[TOOL_CALLS]name[ARGS]{…}` (v11 and later: Mistral Small 3.2, Magistral; `[CALL_ID]id` may come
// before `[ARGS]`). Pure.
import { isRecord } from '../../shared/is-record';
import { readCallObject } from './read-call-object';
import { readJsonPrefix } from './read-json-prefix';
import type { ParsedReply } from './parsed-reply';

const MARK = '[TOOL_CALLS]';

function readOne(text: string, at: number): { calls: ParsedReply['calls']; end: number } | string {
  const rest = text.slice(at).replace(/^\s+/, '');
  const offset = text.length - at - rest.length;
  if (rest.startsWith('[') || rest.startsWith('{')) {
    const read = readJsonPrefix(text, at + offset);
    if ('error' in read) return read.error;
    const calls: ParsedReply['calls'] = [];
    for (const item of Array.isArray(read.value) ? read.value : [read.value]) {
      const call = readCallObject(item);
      if (typeof call === 'string') return call;
      calls.push(call);
    }
    return { calls, end: read.end };
  }
  const named = /^([^[\s{]+)(?:\[CALL_ID\]([^[\s]+))?\[ARGS\]/.exec(rest);
  if (!named?.[1]) return 'no call list or [ARGS] follows [TOOL_CALLS]';
  const argsAt = at + offset + named[0].length;
  const read = readJsonPrefix(text, argsAt);
  if ('error' in read) return read.error;
  if (!isRecord(read.value)) return `the arguments of ${named[1]} are not an object`;
  return { calls: [{ name: named[1], arguments: read.value, ...(named[2] ? { id: named[2] } : {}) }], end: read.end };
}

export function parseMistralCalls(text: string): Omit<ParsedReply, 'thinking'> {
  const first = text.indexOf(MARK);
  if (first === -1) return { text: text.trim(), calls: [], problems: [] };
  const calls: ParsedReply['calls'] = [];
  let at = first;
  while (text.startsWith(MARK, at)) {
    const read = readOne(text, at + MARK.length);
    if (typeof read === 'string') {
      return {
        text: text.replaceAll(MARK, '').trim(),
        calls: [],
        problems: [`[TOOL_CALLS] was kept as text: ${read}.`],
      };
    }
    calls.push(...read.calls);
    at = read.end;
    at += (/^\s*/.exec(text.slice(at))?.[0] ?? '').length;
  }
  return { text: `${text.slice(0, first)}${text.slice(at)}`.trim(), calls, problems: [] };
}
