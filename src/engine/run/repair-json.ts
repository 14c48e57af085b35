// Pure: lenient repair of a tool call's streamed JSON (ENGINE-SPEC rule 14). No I/O.

/**
 * Repairs what a lenient parser can: trailing commas before `}`/`]`, and text cut short (an open string,
 * a dangling `,` or `:`, unclosed objects and arrays). Returns the repaired text, or undefined when the
 * result still is not valid JSON.
 */
export function repairJson(text: string): string | undefined {
  let out = '';
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      out += char;
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') stack.push(char === '{' ? '}' : ']');
    else if (char === '}' || char === ']') {
      out = out.replace(/,\s*$/, '');
      stack.pop();
    }
    out += char;
  }
  if (inString) out += escaped ? '\\"' : '"';
  out = out.replace(/[\s,]+$/, '');
  if (out.endsWith(':')) out += 'null';
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    out = out.replace(/,\s*$/, '');
    out += stack[index];
  }
  try {
    JSON.parse(out);
    return out;
  } catch {
    return undefined;
  }
}
