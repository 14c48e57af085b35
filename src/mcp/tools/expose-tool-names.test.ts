import { describe, expect, it } from 'vitest';
import { createToolNameMap, maxExposedNameLength } from './expose-tool-names';

describe('createToolNameMap', () => {
  it('names tools <server>__<tool>, sanitised, and resolves them back', () => {
    const map = createToolNameMap([
      { serverId: 's1', serverName: 'demo', toolName: 'weather.get' },
      { serverId: 's1', serverName: 'demo', toolName: 'clothing advise!' },
    ]);
    expect(map.exposedNames).toEqual(['demo__weather_get', 'demo__clothing_advise_']);
    expect(map.resolve('demo__weather_get')).toEqual({ serverId: 's1', toolName: 'weather.get' });
    expect(map.exposedNameOf('s1', 'clothing advise!')).toBe('demo__clothing_advise_');
    expect(map.resolve('demo__nope')).toBeUndefined();
    for (const name of map.exposedNames) expect(name).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('hashes every name of a collision, deterministically and regardless of order', () => {
    const a = { serverId: 's1', serverName: 'files', toolName: 'read.file' };
    const b = { serverId: 's1', serverName: 'files', toolName: 'read_file' };
    const c = { serverId: 's2', serverName: 'files', toolName: 'read.file' };
    const map = createToolNameMap([a, b, c]);
    const [na, nb, nc] = map.exposedNames;
    expect(new Set(map.exposedNames).size).toBe(3);
    for (const name of map.exposedNames) expect(name).toMatch(/^files__read_file_[0-9a-z]{6}$/);
    expect(map.resolve(na ?? '')).toEqual({ serverId: 's1', toolName: 'read.file' });
    expect(map.resolve(nb ?? '')).toEqual({ serverId: 's1', toolName: 'read_file' });
    expect(map.resolve(nc ?? '')).toEqual({ serverId: 's2', toolName: 'read.file' });
    expect(createToolNameMap([c, b, a]).exposedNames).toEqual([nc, nb, na]);
  });

  it('does not resolve by splitting: a server name containing __ still maps back exactly', () => {
    const map = createToolNameMap([{ serverId: 'x', serverName: 'my__server', toolName: 'do__it' }]);
    expect(map.exposedNames).toEqual(['my__server__do__it']);
    expect(map.resolve('my__server__do__it')).toEqual({ serverId: 'x', toolName: 'do__it' });
  });

  it('cuts long names to 64 characters and hashes names that only differ after the cut', () => {
    const long = 'a'.repeat(80);
    const map = createToolNameMap([
      { serverId: 's', serverName: 'srv', toolName: `${long}1` },
      { serverId: 's', serverName: 'srv', toolName: `${long}2` },
      { serverId: 's', serverName: 'srv', toolName: 'short' },
    ]);
    const [first, second, third] = map.exposedNames;
    expect(first).toHaveLength(maxExposedNameLength);
    expect(second).toHaveLength(maxExposedNameLength);
    expect(first).not.toBe(second);
    expect(third).toBe('srv__short');
    expect(map.resolve(second ?? '')).toEqual({ serverId: 's', toolName: `${long}2` });
    const single = createToolNameMap([{ serverId: 's', serverName: 'srv', toolName: long }]);
    expect(single.exposedNames[0]).toBe(`srv__${long}`.slice(0, 64));
  });

  it('gives duplicate entries the same name and empty parts a placeholder', () => {
    const entry = { serverId: 's', serverName: '', toolName: 'ü' };
    const map = createToolNameMap([entry, entry]);
    expect(map.exposedNames).toEqual(['____', '____']);
    expect(map.resolve('____')).toEqual({ serverId: 's', toolName: 'ü' });
  });

  it('hashes a collision from the server name and URL when given, so names are the same on every visit', () => {
    const visit = (serverId: string) =>
      createToolNameMap([
        { serverId, serverName: 'files', serverUrl: 'http://127.0.0.1:3000/mcp', toolName: 'read.file' },
        { serverId, serverName: 'files', serverUrl: 'http://127.0.0.1:3000/mcp', toolName: 'read_file' },
      ]).exposedNames;
    const first = visit('random-id-1');
    expect(first).toEqual(visit('random-id-2'));
    expect(first[0]).toMatch(/^files__read_file_[0-9a-z]{6}$/);
    expect(new Set(first).size).toBe(2);
    const elsewhere = createToolNameMap([
      { serverId: 'x', serverName: 'files', serverUrl: 'http://127.0.0.1:4000/mcp', toolName: 'read.file' },
      { serverId: 'x', serverName: 'files', serverUrl: 'http://127.0.0.1:4000/mcp', toolName: 'read_file' },
    ]).exposedNames;
    expect(elsewhere).not.toEqual(first);
  });

  it('never hashes a secret of the URL: a bridge token or key in it changes no name, and none can be recovered', () => {
    const names = (serverUrl: string) =>
      createToolNameMap([
        { serverId: 'a', serverName: 'memory', serverUrl, toolName: 'read.graph' },
        { serverId: 'a', serverName: 'memory', serverUrl, toolName: 'read_graph' },
      ]).exposedNames;
    const withToken = names('http://127.0.0.1:3010/mcp?token=Vq3first-token-0000000000000000000000000');
    expect(names('http://127.0.0.1:3010/mcp?token=Zz9second-token-111111111111111111111111')).toEqual(withToken);
    expect(names('http://user:pa55@127.0.0.1:3010/mcp?token=x#frag')).toEqual(
      names('http://other:secret@127.0.0.1:3010/mcp?token=y#other'),
    );
    // Where the server is still counts: another port is another server.
    expect(names('http://127.0.0.1:3011/mcp?token=Vq3first-token-0000000000000000000000000')).not.toEqual(withToken);
  });
});
