import { describe, expect, it } from 'vitest';
import { parseMcpServersJson } from './parse-mcp-servers-json';

describe('parseMcpServersJson', () => {
  it('reads Claude Desktop / Cursor HTTP entries with headers, and stdio ones for the bridge', () => {
    const parsed = parseMcpServersJson(
      JSON.stringify({
        mcpServers: {
          weather: { url: 'http://localhost:3001/mcp' },
          github: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer abc' } },
          files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'] },
        },
      }),
    );
    expect(parsed.error).toBeUndefined();
    expect(parsed.servers).toEqual([
      { name: 'weather', url: 'http://localhost:3001/mcp', headers: {} },
      { name: 'github', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer abc' } },
    ]);
    expect(parsed.stdio).toEqual([
      { name: 'files', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'], env: {} },
    ]);
    expect(parsed.skipped).toEqual([]);
  });

  it("reads a stdio entry's env and cwd, and refuses malformed ones with a reason", () => {
    const parsed = parseMcpServersJson(
      JSON.stringify({
        mcpServers: {
          git: { command: 'uvx', args: ['mcp-server-git'], env: { TOKEN: 't' }, cwd: '/repo' },
          a: { command: 'x', args: 'not a list' },
          b: { command: 'x', env: { K: 1 } },
          c: { command: 'x', cwd: 3 },
        },
      }),
    );
    expect(parsed.stdio).toEqual([
      { name: 'git', command: 'uvx', args: ['mcp-server-git'], env: { TOKEN: 't' }, cwd: '/repo' },
    ]);
    expect(parsed.skipped).toEqual([
      'a: "args" must be an array of strings.',
      'b: env "K" is not a string.',
      'c: "cwd" must be a string.',
    ]);
  });

  it('reads VS Code mcp.json and settings.json shapes', () => {
    const vscode = parseMcpServersJson('{"servers": {"demo": {"type": "http", "url": "http://127.0.0.1:3001/mcp"}}}');
    expect(vscode.servers).toEqual([{ name: 'demo', url: 'http://127.0.0.1:3001/mcp', headers: {} }]);
    const settings = parseMcpServersJson('{"mcp": {"servers": {"old": {"type": "sse", "url": "http://h/sse"}}}}');
    expect(settings.servers.map((server) => server.name)).toEqual(['old']);
  });

  it('reports bad input without throwing', () => {
    expect(parseMcpServersJson('{ mcpServers: ').error).toMatch(/^Not valid JSON/);
    expect(parseMcpServersJson('[]').error).toMatch(/JSON object/);
    expect(parseMcpServersJson('{"other": {}}').error).toMatch(/no "mcpServers"/);
    expect(parseMcpServersJson('{"mcpServers": {}}').error).toMatch(/no servers/);
    const bad = parseMcpServersJson(
      JSON.stringify({
        mcpServers: {
          a: { url: 'not a url' },
          b: { url: 'ftp://x/mcp' },
          c: { url: 'http://x/mcp', headers: { Authorization: '${input:token}' } },
          d: 'http://x',
        },
      }),
    );
    expect(bad.servers).toEqual([]);
    expect(bad.skipped).toHaveLength(4);
    expect(bad.skipped[2]).toMatch(/uses a variable/);
  });

  it('keeps a hostile file’s __proto__ header and env as plain entries, polluting nothing', () => {
    const parsed = parseMcpServersJson(
      '{"mcpServers": {"a": {"url": "http://127.0.0.1:3001/mcp", "headers": {"__proto__": "x", "constructor": "y"}},' +
        ' "b": {"command": "node", "env": {"__proto__": "z"}}}}',
    );
    const headers = parsed.servers[0]?.headers ?? {};
    expect(Object.keys(headers)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(Object.keys(parsed.stdio[0]?.env ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
