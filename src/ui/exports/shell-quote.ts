// Pure: text made safe to paste into a POSIX shell, or into a comment line of a program.

/** `value` as one shell word: single quotes, and each `'` inside written `'\''`. Nothing in it is expanded. */
export function quoteShell(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * `text` fit for one comment line of a shell, TypeScript or Python file: control characters and line or
 * paragraph separators (which end a comment in one language or another) become spaces.
 */
export function toCommentText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}
