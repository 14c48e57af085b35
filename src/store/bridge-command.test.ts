import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bridgeCommand, shellQuote } from './bridge-command';

describe('bridgeCommand', () => {
  it('is the npm run bridge line for the entry, plain words left plain', () => {
    expect(
      bridgeCommand({ name: 'memory', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: {} }),
    ).toBe('npm run bridge -- --name memory npx -y @modelcontextprotocol/server-memory');
    expect(
      bridgeCommand({ name: 'git', command: 'uvx', args: ['mcp-server-git'], env: { TOKEN: 'a b' }, cwd: '/my repo' }),
    ).toBe("npm run bridge -- --name git --env 'TOKEN=a b' --cwd '/my repo' uvx mcp-server-git");
    expect(bridgeCommand({ name: 'odd', command: '-x', args: [], env: {} })).toBe('npm run bridge -- --name odd -- -x');
  });

  it('quotes hostile words so the shell reads them back exactly, running nothing', () => {
    const hostile = ["it's", '$(touch /tmp/pwned)', '`id`', 'a;b', 'x\ny', '', '*', '~', '!', '"q"', '\\', '$HOME'];
    for (const word of hostile) {
      const echoed = execFileSync('sh', ['-c', `printf '%s' ${shellQuote(word)}`], { encoding: 'utf8' });
      expect(echoed).toBe(word);
    }
  });
});
