// Pure: nesting-depth limits for JSON that comes from outside (files, models, servers). No I/O.

/**
 * The deepest nesting accepted in a whole document (an imported transcript, a stored session). A
 * transcript wraps tool inputs about eight levels deep, so this leaves room for `MAX_TOOL_INPUT_DEPTH`.
 * Deeper values are refused with a plain message: V8 parses them, but `JSON.stringify`, `structuredClone`,
 * `postMessage` and schema validation recurse and fail later with "Maximum call stack size exceeded".
 */
export const MAX_JSON_DEPTH = 128;

/** The deepest nesting accepted in one tool call's input (model-written JSON). */
export const MAX_TOOL_INPUT_DEPTH = 64;

/**
 * How deeply `text` nests objects and arrays (`{}` is 1, `{"a":[]}` is 2), counting only brackets outside
 * strings; stops counting once past `limit`. Linear in the length, with no recursion, so it is safe on
 * text of any shape — run it before `JSON.parse` so nothing deep is ever built.
 */
export function measureJsonTextDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 92 /* \ */) at += 1;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if ((code === 125 /* } */ || code === 93) /* ] */ && depth > 0) depth -= 1;
  }
  return deepest;
}

/**
 * How deeply an already-parsed value nests objects and arrays (a primitive is 0); stops once past `limit`.
 * Walks with an explicit stack, never recursion, and visits each container once (shared references are
 * not walked twice, so a cycle cannot loop).
 */
export function measureValueDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  if (typeof value !== 'object' || value === null) return 0;
  const seen = new Set<object>();
  const stack: { value: object; depth: number }[] = [{ value, depth: 1 }];
  let deepest = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (depth > deepest) {
      deepest = depth;
      if (deepest > limit) return deepest;
    }
    for (const child of Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child as object, depth: depth + 1 });
    }
  }
  return deepest;
}

/** The plain message for JSON nested past `limit`, naming what was refused. */
export function describeTooDeep(what: string, limit: number): string {
  return `${what} nests objects or arrays more than ${limit} levels deep, which Loupe does not accept (the limit keeps the page from running out of stack). Flatten it.`;
}
