// Hermes-style calls (Qwen2.5, Qwen3, Hermes 2 Pro/3): `<tool_call>\n{"name": …, "arguments": {…}}\n</tool_call>`,
// one block per call, text around them. Pure.
import { readCallObject } from './read-call-object';
import { readJsonPrefix } from './read-json-prefix';
import type { ParsedReply } from './parsed-reply';

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';

export function parseHermesCalls(text: string): Omit<ParsedReply, 'thinking'> {
  const calls: ParsedReply['calls'] = [];
  const problems: string[] = [];
  let kept = '';
  let at = 0;
  for (let open = text.indexOf(OPEN); open !== -1; open = text.indexOf(OPEN, at)) {
    kept += text.slice(at, open);
    const start = text.indexOf('{', open);
    const close = text.indexOf(CLOSE, open);
    // A reply cut inside a block (max tokens) has no closing tag: the block ends with the text.
    const blockEnd = close === -1 ? text.length : close + CLOSE.length;
    const read =
      start === -1 || (close !== -1 && start > close)
        ? { error: 'it holds no JSON object' }
        : readJsonPrefix(text, start);
    const call = 'error' in read ? read.error : readCallObject(read.value);
    if (typeof call === 'string') {
      problems.push(`A <tool_call> block was kept as text: ${call}.`);
      kept += text.slice(open, blockEnd);
    } else calls.push(call);
    at = blockEnd;
  }
  kept += text.slice(at);
  return { text: kept.trim(), calls, problems };
}
