// Gemma 2/3 have no tool tokens; Google's function-calling guide for Gemma prompts for
// `[func_name(param=value, …)]`, and many Gemma prompts use a ```tool_code fence around the same. Pure.
import { readPythonCalls } from './read-python-call';
import type { ParsedReply } from './parsed-reply';

export function parseGemmaCalls(text: string): Omit<ParsedReply, 'thinking'> {
  const fence = /```tool_code\s*\n([\s\S]*?)\n?```/.exec(text);
  const candidate = (fence?.[1] ?? text).trim().replace(/^print\((.*)\)$/s, '$1');
  // A reply is a call only when it starts like one (prose quoting a call stays text).
  if (!fence && !/^\[?[A-Za-z_][\w.-]*\(/.test(candidate)) return { text: text.trim(), calls: [], problems: [] };
  const calls = readPythonCalls(candidate);
  if (typeof calls === 'string') {
    return { text: text.trim(), calls: [], problems: [`The reply looked like a call but was kept as text: ${calls}.`] };
  }
  const rest = fence ? `${text.slice(0, fence.index)}${text.slice(fence.index + fence[0].length)}` : '';
  return { text: rest.trim(), calls, problems: [] };
}
