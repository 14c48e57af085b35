import { McpServer as ModernMcpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../server/demo-server';
import {
  demoSkillEntry,
  demoSkillFiles,
  demoSkillText,
  serveSkills,
  SKILLS_EXTENSION,
} from '../../../server/demo-skill';
import { serveMcpHttp, type McpHttpHandle } from '../../../server/serve-mcp-http';
import { connectMcpServer } from '../connection/connect-mcp-server';
import type { McpConnection } from '../connection/mcp-connection';

// The hostile server: the demo's files, but its entry's checklist digest is another file's, and a second skill's
// SKILL.md is one byte longer than listed.
const tampered = {
  ...demoSkillEntry,
  resources: demoSkillEntry.resources.map((file, index) =>
    index === 1 ? { ...file, digest: `sha256:${'0'.repeat(64)}` } : file,
  ),
};
const oversizedUri = 'skill://packing-list/SKILL.md';
const oversized = {
  uri: oversizedUri,
  frontmatter: { name: 'packing-list', description: 'Packs' },
  resources: [{ uri: oversizedUri, digest: `sha256:${'a'.repeat(64)}`, size: 3 }],
};

function hostileServer(): ModernMcpServer {
  const server = new ModernMcpServer(
    { name: 'hostile', version: '1.0.0' },
    { capabilities: { extensions: { [SKILLS_EXTENSION]: {} } } },
  );
  const extra = { uri: oversizedUri, name: 'packing', mimeType: 'text/markdown', text: '---\nname: packing-list\n' };
  // A tool, as Loupe lists tools on connect.
  server.registerTool('noop', { description: 'Does nothing.' }, () => ({ content: [] }));
  serveSkills(server, [tampered, oversized], [...demoSkillFiles, extra]);
  return server;
}

describe('MCP Skills over a connection', () => {
  let demo: McpHttpHandle;
  let hostile: McpHttpHandle;
  let demoConnection: McpConnection;
  let hostileConnection: McpConnection;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0 });
    hostile = await serveMcpHttp(null, { modern: hostileServer });
    demoConnection = await connectMcpServer({ id: 'd', name: 'demo', url: demo.url, headers: {} });
    hostileConnection = await connectMcpServer({ id: 'h', name: 'hostile', url: hostile.url, headers: {} });
  });
  afterAll(async () => {
    await demoConnection.close();
    await hostileConnection.close();
    await demo.close();
    await hostile.close();
  });

  it('lists the demo skill and loads it with both files verified', async () => {
    const listing = await demoConnection.skills.list();
    expect(listing.skills.map((skill) => skill.name)).toEqual(['dress-for-weather']);
    expect(listing.refused).toEqual([]);
    const loaded = await demoConnection.skills.load(demoSkillEntry.uri);
    expect(loaded).toMatchObject({ ok: true, text: demoSkillText });
    expect(loaded.ok && loaded.files.map((file) => file.status)).toEqual(['verified', 'verified']);
  });

  it('refuses what does not match its entry, with the reason, and gives none of its text', async () => {
    await hostileConnection.skills.list();
    const oversizedLoad = await hostileConnection.skills.load(oversizedUri);
    expect(oversizedLoad).toEqual({
      ok: false,
      uri: oversizedUri,
      problem: expect.stringContaining('bytes') as unknown,
    });
    const partly = await hostileConnection.skills.load(tampered.uri);
    expect(partly).toMatchObject({ ok: false, problem: expect.stringContaining('checklist.md') as unknown });
    expect(!partly.ok && partly.files?.[1]).toMatchObject({
      status: 'refused',
      problem: expect.stringContaining('does not match its digest') as unknown,
    });
  });

  it('loads only a skill of the last listing', async () => {
    const load = await demoConnection.skills.load('skill://other/SKILL.md');
    expect(load.ok).toBe(false);
  });
});
