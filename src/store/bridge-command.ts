// Pure: the `npm run bridge` command line that serves one stdio entry of an mcpServers file, shell-quoted so a
// person can paste it into a terminal (bash, zsh, sh) as it is.

/** A stdio server of an imported mcpServers file. */
export interface StdioServerEntry {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

/** `word` quoted for a POSIX shell: left alone when it holds only safe characters, single-quoted otherwise. */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'"'"'`)}'`;
}

/** `npm run bridge -- --name <name> [--env K=V…] [--cwd dir] [--] <command> <args…>`, every word quoted. */
export function bridgeCommand(entry: StdioServerEntry): string {
  const words = ['npm', 'run', 'bridge', '--', '--name', entry.name];
  for (const [key, value] of Object.entries(entry.env)) words.push('--env', `${key}=${value}`);
  if (entry.cwd !== undefined) words.push('--cwd', entry.cwd);
  // A command that looks like an option would be read as one.
  if (entry.command.startsWith('-')) words.push('--');
  words.push(entry.command, ...entry.args);
  return words.map(shellQuote).join(' ');
}
