// The fixed caps of the local-tool JavaScript sandbox. Pure data, shared by the worker (which enforces them)
// and the UI (which states them in the tool dialog), so there is one copy.

/** The caps besides time (each tool sets its own timeout). */
export interface SandboxLimits {
  /** QuickJS heap, in bytes (`setMemoryLimit`). */
  memoryBytes: number;
  /** QuickJS C stack, in bytes (`setMaxStackSize`). Kept well below the browser's own stack for WebAssembly. */
  stackBytes: number;
  /** Characters of the result (a string as is, anything else as JSON text). */
  outputCharacters: number;
  /** Console lines kept per call, and characters per line. */
  consoleLines: number;
  consoleLineCharacters: number;
  /** Characters of an error message kept. */
  errorCharacters: number;
}

export const SANDBOX_LIMITS: SandboxLimits = {
  memoryBytes: 64 * 1024 * 1024,
  // Deeper, and some built-ins (JSON.parse of nested input) overflow the browser's stack before QuickJS's check.
  stackBytes: 128 * 1024,
  outputCharacters: 1_000_000,
  consoleLines: 100,
  consoleLineCharacters: 1000,
  errorCharacters: 2000,
};

const number = new Intl.NumberFormat('en');

/** `64 MB`, `128 KB`: how a byte cap is written for people. */
export function formatSandboxBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${number.format(bytes / (1024 * 1024))} MB` : `${number.format(bytes / 1024)} KB`;
}
