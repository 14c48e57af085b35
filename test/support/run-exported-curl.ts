// Test support: runs an exported curl command in a real bash with `curl` replaced by a function that
// prints its arguments and stdin, so a test sees exactly the words the shell produced and whether
// anything else ran (a canary file that a successful injection would create).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ShellRun {
  args: string[];
  stdin: string;
  /** True when the canary file appeared: something in the command ran `touch`. */
  injected: boolean;
}

/** `bash -n` first (syntax), then the command with a recording `curl`; `$CANARY` names the file an attack would make. */
export function runExportedCurl(command: string, env: Record<string, string> = {}): ShellRun {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-curl-'));
  const canary = join(dir, 'pwned');
  try {
    execFileSync('bash', ['-n', '-c', command]);
    const script = `curl() { printf '%s\\0' "$@"; printf '\\1'; cat; }\ncd ${JSON.stringify(dir)}\n${command}`;
    const output = execFileSync('bash', ['-c', script], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', CANARY: canary, ...env },
      encoding: 'utf8',
    });
    const split = output.indexOf('\u0001');
    const args = output.slice(0, split).split('\0').slice(0, -1);
    return { args, stdin: output.slice(split + 1), injected: existsSync(canary) || existsSync(join(dir, 'pwn')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
