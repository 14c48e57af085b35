// Regular expressions from a suite (a file someone else may have written) matched in linear time: RE2's
// automaton (re2js) instead of the backtracking engine of JavaScript, where `^(a+)+$` on 28 characters took
// seconds and doubled with each one more — on the page's main thread, or in CI. A pattern that needs
// backtracking (a back-reference, a lookaround) is refused with the reason instead of run.
import { RE2JS } from 're2js';

/** A compiled pattern: `test` finds a match anywhere in the text, like `RegExp.prototype.test`. */
export interface LinearRegex {
  test(text: string): boolean;
}

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
};

/**
 * Compiles `pattern` (JavaScript syntax) with the flags i, m and s (u is always on; others are ignored), or
 * says in a sentence why it cannot be matched in linear time.
 */
export function compileLinearRegex(pattern: string, flags = ''): LinearRegex | string {
  let bits = 0;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  try {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), bits);
    return { test: (text) => compiled.test(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return `the pattern /${pattern}/ cannot be matched in linear time (${detail}); Loupe runs suite patterns with RE2, which has no back-references or lookarounds`;
  }
}
