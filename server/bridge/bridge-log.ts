// Where the bridge writes what happens: the terminal in `npm run bridge`, an array in tests.

/** The bridge's output: its own notes, errors, and each child's stderr line by line. */
export interface BridgeLog {
  info(line: string): void;
  error(line: string): void;
  /** One stderr line of the child `name` (the terminal shows it as `[name] line`). */
  child(name: string, line: string): void;
}

/** Writes to the terminal: notes and stderr lines to stdout, errors to stderr. */
export const terminalLog: BridgeLog = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
  child: (name, line) => process.stdout.write(`[${name}] ${line}\n`),
};
