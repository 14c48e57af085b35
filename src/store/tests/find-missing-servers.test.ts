import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../protocol/settings';
import type { ServerState } from '../../protocol/server-status';
import type { TestCase, TestSuite } from '../../suite/test-suite';
import { findMissingServers } from './find-missing-servers';

const testCase = { servers: [{ name: 'demo', url: 'http://127.0.0.1:3001/mcp' }, { name: 'memory' }] } as TestCase;
const suite = {
  servers: [{ name: 'memory', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] }],
} as TestSuite;
const config = (id: string, name: string) => ({ id, name, url: 'http://x' }) as ServerConfig;
const state = (status: string) => ({ status }) as ServerState;

describe('findMissingServers', () => {
  it('names each server not connected now, a stdio one with the bridge command that serves it', () => {
    const message = findMissingServers(testCase, suite, [config('s1', 'demo')], { s1: state('connecting') });
    expect(message).toBe(
      'Connect the servers this test needs first: demo (http://127.0.0.1:3001/mcp); memory (a stdio server: run `npm run bridge -- --name memory npx -y @modelcontextprotocol/server-memory` in a terminal and add the URL it prints under the name memory).',
    );
  });

  it('says nothing when every server the case names is connected', () => {
    const servers = [config('s1', 'demo'), config('s2', 'memory')];
    expect(findMissingServers(testCase, suite, servers, { s1: state('connected'), s2: state('connected') })).toBe(
      undefined,
    );
  });
});
