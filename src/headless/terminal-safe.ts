// Text from a suite (case names, expectations, model answers, server errors) reaches the terminal and CI logs.
// Control characters there are commands, not text: ANSI/OSC sequences can erase a line, move the cursor over
// a ✗ to write ✓, set the window title or make a hyperlink; a carriage return or a newline can fake a whole
// line; bidirectional controls reorder what is shown. Each is replaced by a visible stand-in.

// C0 controls, DEL and C1 controls (the 8-bit CSI U+009B among them).
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Bidirectional embeddings, overrides and isolates, and the line and paragraph separators. */
const REORDERING = /[\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

function standIn(character: string): string {
  const code = character.charCodeAt(0);
  // U+2400.. are the Control Pictures (␛ for ESC, ␍ for CR, ␊ for LF); U+2421 is ␡.
  if (code <= 0x1f) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return '\ufffd';
}

/** `line` with every control character replaced by a visible stand-in, safe to print as one line. */
export function terminalSafe(line: string): string {
  return line.replace(CONTROL, standIn).replace(REORDERING, '\ufffd');
}
