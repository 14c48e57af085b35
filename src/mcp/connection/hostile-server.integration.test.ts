// The MCP client against a hostile server over real HTTP: bad parts, floods, garbage, endless listings.
import { describe, expect, it } from 'vitest';
import { startHostileServer } from '../../../test/servers/hostile-server';
import { tinyPngBase64 } from '../../../test/servers/media-server';
import type { Tool } from '../../engine/tool/tool';
import { connectMcpServer } from './connect-mcp-server';
import { McpConnectionError } from './mcp-connection-error';
import { toolRunContext, useConnectedServer } from '../../../test/support/mcp-connection-kit';

describe('connectMcpServer against a hostile server', () => {
  const connected = useConnectedServer(() => startHostileServer({ port: 0 }), { id: 'h', name: 'hostile' });

  const tool = (name: string): Tool => {
    const found = connected.connection.tools.find((candidate) => candidate.name === `hostile__${name}`);
    if (found === undefined) throw new Error(`no tool ${name}`);
    return found;
  };
  const run = (name: string) => tool(name).run({}, toolRunContext());

  it('delivers the good parts around an image with bad base64, which becomes a note', async () => {
    const output = await run('bad_base64');
    expect(output.isError).toBeUndefined();
    expect(output.content).toEqual([
      { type: 'text', text: 'Before the bad image.' },
      {
        type: 'text',
        text: expect.stringMatching(/^\[image: image\/png, .*not shown: its data is not valid base64\]$/) as string,
      },
      { type: 'text', text: 'After the bad image.' },
    ]);
  });

  it('turns a 20 MB image into a note and keeps the text', async () => {
    const output = await run('huge_image');
    expect(output.content).toEqual([
      { type: 'text', text: 'A 20 MB image follows.' },
      { type: 'text', text: '[image: image/png, 20 MB, not shown: larger than the 3.8 MB allowed per image]' },
      { type: 'text', text: 'After the huge image.' },
    ]);
  });

  it('reads unknown part types as notes and keeps every known part', async () => {
    const output = await run('unknown_parts');
    expect(output.isError).toBeUndefined();
    expect(output.content).toEqual([
      { type: 'text', text: 'Known part one.' },
      { type: 'text', text: '[unsupported content part: hologram]' },
      { type: 'text', text: '[unsupported content part: no type]' },
      { type: 'text', text: '[content part 4 could not be read: not an object]' },
      { type: 'text', text: '[content part 5 could not be read: not an object]' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: tinyPngBase64 } },
      { type: 'text', text: 'Known part two.' },
    ]);
  });

  it('refuses image bytes that are no image, and caps images per result', async () => {
    const fake = await run('not_a_png');
    expect(fake.content[1]).toEqual({
      type: 'text',
      text: expect.stringContaining('its bytes are not a PNG, JPEG, GIF or WebP image') as string,
    });
    const many = await run('many_images');
    expect(many.content.filter((block) => block.type === 'image')).toHaveLength(8);
    expect(many.content.filter((block) => block.type === 'text')).toHaveLength(12);
    expect(many.content[8]).toEqual({
      type: 'text',
      text: expect.stringContaining('a result may carry at most 8 images') as string,
    });
  });

  it('a call that never answers ends at its timeout, and the server hears the cancellation', async () => {
    const before = connected.server.probe.cancelledCalls;
    const short = await connectMcpServer(
      { id: 'h2', name: 'hostile', url: connected.server.url, headers: {}, toolTimeoutMs: 200 },
      {},
    );
    try {
      const never = short.tools.find((candidate) => candidate.name === 'hostile__never_answers');
      expect(never).toMatchObject({ timeoutMs: 200, timeoutSource: 'server' });
      await expect(never?.run({}, toolRunContext())).rejects.toMatchObject({ name: 'TimeoutError' });
      await expect.poll(() => connected.server.probe.cancelledCalls).toBe(before + 1);
    } finally {
      await short.close();
    }
  });

  it('stops an endless cursor at the page cap, with a notice', async () => {
    const endless = await connectMcpServer({ id: 'e', name: 'endless', url: connected.server.endlessUrl, headers: {} });
    try {
      expect(endless.listedTools).toHaveLength(500);
      expect(connected.server.probe.endlessPages).toBe(50);
      expect(endless.listingNotice).toBe('The server kept paging: listing stopped after 50 pages (500 tools).');
    } finally {
      await endless.close();
    }
  });

  it('keeps the first 1,000 of 10,000 tools, with a notice', async () => {
    const many = await connectMcpServer({ id: 'm', name: 'many', url: connected.server.manyUrl, headers: {} });
    try {
      expect(many.listedTools).toHaveLength(1000);
      expect(many.tools).toHaveLength(1000);
      expect(many.listingNotice).toBe('The server lists more than 1000 tools: only the first 1000 are kept.');
    } finally {
      await many.close();
    }
  });

  it('a server that answers garbage fails to connect with a plain problem', async () => {
    const failure = await connectMcpServer(
      { id: 'g', name: 'garbage', url: connected.server.garbageUrl, headers: {} },
      { connectTimeoutMs: 2_000 },
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(McpConnectionError);
    expect((failure as McpConnectionError).problem.message).not.toMatch(/ZodError|invalid_type/);
  });
});
