import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bridgeAllowedOrigins, readStartedAppOrigins } from './bridge-origins';
import { nameOf, parseBridgeArgs } from './parse-bridge-args';
import { readBridgeConfig } from './read-bridge-config';

describe('parseBridgeArgs', () => {
  it("reads options up to the command and passes the command's own options through untouched", () => {
    expect(
      parseBridgeArgs([
        '--allow-origin',
        'http://Localhost:5180/',
        '--env',
        'A=b=c',
        '--port',
        '3999',
        'npx',
        '-y',
        '@modelcontextprotocol/server-memory',
        '--port',
        '1',
      ]),
    ).toEqual({
      allowOrigins: ['http://localhost:5180'],
      env: { A: 'b=c' },
      port: 3999,
      keepToken: false,
      help: false,
      command: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory', '--port', '1'] },
    });
    expect(parseBridgeArgs(['--', '--odd-command', 'x']).command).toEqual({ command: '--odd-command', args: ['x'] });
    expect(parseBridgeArgs(['--config', 'servers.json']).configPath).toBe('servers.json');
  });

  it('refuses what it cannot use, with a reason', () => {
    expect(() => parseBridgeArgs([])).toThrow(/Give the command/);
    expect(() => parseBridgeArgs(['--config', 'a.json', 'npx'])).toThrow(/not both/);
    expect(() => parseBridgeArgs(['--allow-origin', 'null', 'x'])).toThrow(/not an http\(s\) origin/);
    expect(() => parseBridgeArgs(['--allow-origin', 'file:///x', 'x'])).toThrow(/not an http\(s\) origin/);
    expect(() => parseBridgeArgs(['--port', '70000', 'x'])).toThrow(/not a port/);
    expect(() => parseBridgeArgs(['--env', '=x', 'x'])).toThrow(/KEY=VALUE/);
    expect(() => parseBridgeArgs(['--port'])).toThrow(/needs a value/);
    expect(() => parseBridgeArgs(['--frobnicate', 'x'])).toThrow(/Unknown option/);
  });

  it('names a server after what it runs', () => {
    expect(nameOf('npx', ['-y', '@modelcontextprotocol/server-memory'])).toBe('server-memory');
    expect(nameOf('node', ['node_modules/@modelcontextprotocol/server-memory/dist/index.js'])).toBe('server-memory');
    expect(nameOf('uvx', ['mcp-server-git', '--repository', '.'])).toBe('mcp-server-git');
    expect(nameOf('/usr/local/bin/my-server', [])).toBe('my-server');
  });
});

describe('readBridgeConfig', () => {
  it('reads stdio entries of Claude Desktop, Cursor and VS Code files, and notes HTTP ones', () => {
    const config = readBridgeConfig(
      JSON.stringify({
        mcpServers: {
          memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { K: 'v' } },
          git: { command: 'uvx', cwd: '/repo' },
          remote: { url: 'https://example.com/mcp' },
        },
      }),
    );
    expect(config.servers).toEqual([
      { name: 'memory', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { K: 'v' } },
      { name: 'git', command: 'uvx', args: [], env: {}, cwd: '/repo' },
    ]);
    expect(config.notes).toEqual(['remote: no "command" (an HTTP server needs no bridge; add its URL in Loupe).']);
    expect(readBridgeConfig('{"servers":{"a":{"type":"stdio","command":"x"}}}').servers).toHaveLength(1);
  });

  it('refuses a bad file plainly', () => {
    expect(() => readBridgeConfig('{')).toThrow(/Not valid JSON/);
    expect(() => readBridgeConfig('{"x":{}}')).toThrow(/no "mcpServers"/);
    expect(() => readBridgeConfig('{"mcpServers":{"a":{"command":"x","args":[1]}}}')).toThrow(/array of strings/);
    expect(() => readBridgeConfig('{"mcpServers":{"a":{"command":"x","env":{"K":1}}}}')).toThrow(/object of strings/);
    expect(() => readBridgeConfig('{"mcpServers":{"a":{"url":"http://x"}}}')).toThrow(/no stdio servers/);
  });
});

describe('the origins the bridge accepts', () => {
  it('are Loupe on 5173, a running npm start, LOUPE_ALLOWED_ORIGINS and --allow-origin', () => {
    const origins = bridgeAllowedOrigins(['http://localhost:5999'], { LOUPE_ALLOWED_ORIGINS: 'http://127.0.0.1:6001' });
    expect(origins).toEqual(
      expect.arrayContaining([
        'http://localhost:5173',
        'http://127.0.0.1:5173',
        'http://127.0.0.1:6001',
        'http://localhost:5999',
      ]),
    );
    expect(origins.some((origin) => origin.includes('*') || origin === 'null')).toBe(false);
  });

  it("take npm start's noted port only while that npm start runs", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'origins-')), 'app-origins.json');
    writeFileSync(
      file,
      JSON.stringify({ pid: process.pid, origins: ['http://localhost:5174', 'javascript:alert(1)'] }),
    );
    expect(readStartedAppOrigins(file)).toEqual(['http://localhost:5174']);
    // A pid that cannot be running (beyond Linux's pid_max): a stale note from a crashed npm start.
    writeFileSync(file, JSON.stringify({ pid: 2 ** 30, origins: ['http://localhost:5174'] }));
    expect(readStartedAppOrigins(file)).toEqual([]);
    writeFileSync(file, 'garbage');
    expect(readStartedAppOrigins(file)).toEqual([]);
    expect(readStartedAppOrigins(join(file, 'missing'))).toEqual([]);
  });
});
