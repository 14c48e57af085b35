// Pure: lenient repair of a tool call's streamed JSON (ENGINE-SPEC rule 14). No I/O.

/**
 * Repairs what a lenient parser can: trailing commas before `}`/`]`, and text cut short (an open string,
 * a dangling `,` or `:`, unclosed objects and arrays). Returns the repaired text, or undefined when the
 * result still is not valid JSON.
 *
 * Linear in the length of `text` whatever its shape (80,000 `}` used to take seconds): the output is an
 * array of characters and a trailing comma is found by stepping back over the whitespace written since
 * the last other character, so every character is visited a bounded number of times. No recursion.
 */
export function repairJson(text: string): string | undefined {
  const out: string[] = [];
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      out.push(char);
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') stack.push(char === '{' ? '}' : ']');
    else if (char === '}' || char === ']') {
      dropTrailingComma(out);
      stack.pop();
    }
    out.push(char);
  }
  if (inString) out.push(escaped ? '\\"' : '"');
  while (out.length > 0 && isSpaceOrComma(out[out.length - 1]!)) out.pop();
  if (out[out.length - 1] === ':') out.push('null');
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    dropTrailingComma(out);
    out.push(stack[index]!);
  }
  const repaired = out.join('');
  try {
    JSON.parse(repaired);
    return repaired;
  } catch {
    return undefined;
  }
}

/** JSON's whitespace (and what `\s` matched before: any Unicode space is as harmless outside strings). */
function isSpace(char: string): boolean {
  return /^\s$/u.test(char);
}

function isSpaceOrComma(char: string): boolean {
  return char === ',' || isSpace(char);
}

/** Removes a `,` (and the whitespace after it) that ends `out`; anything else is left alone. */
function dropTrailingComma(out: string[]): void {
  let at = out.length - 1;
  while (at >= 0 && isSpace(out[at]!)) at -= 1;
  if (out[at] === ',') out.length = at;
}
