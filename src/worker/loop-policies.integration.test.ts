// The loop policies against real MCP servers over HTTP: progress, timeouts, media, caps, validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../server/demo-server';
import { startMediaServer, tinyPngBase64 } from '../../test/servers/media-server';
import type { Message } from '../engine/message/message';
import type { RunOptions } from '../engine/run/run-options';
import { runToolLoop } from '../engine/run/run-tool-loop';
import { collectRun } from '../engine/testing/collect-run';
import { filterEvents } from '../engine/testing/filter-events';
import { findRunProblems } from '../engine/testing/find-run-problems';
import { createScriptedModel, type ScriptedReply } from '../engine/testing/scripted-model';
import { collectMcpTools } from '../mcp/tools/collect-mcp-tools';
import { connectMcpServer } from '../mcp/connection/connect-mcp-server';
import { type McpConnection } from '../mcp/connection/mcp-connection';
import { createRunEnvironment } from './create-run-environment';
import { createToolInputValidator } from './validate-tool-input';
import { use } from '../engine/testing/weather-fixture';

const userMessage: Message = { role: 'user', content: [{ type: 'text', text: 'Go.' }] };
const done: ScriptedReply = { content: [{ type: 'text', text: 'Done.' }] };

describe('loop policies against real MCP servers', () => {
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let demo: Awaited<ReturnType<typeof startDemoServer>>;
  let mediaConnection: McpConnection;
  let demoConnection: McpConnection;
  /** The JSON-RPC methods the client sent to the media server, with their tool names. */
  const sent: string[] = [];

  beforeAll(async () => {
    media = await startMediaServer({ port: 0 });
    demo = await startDemoServer({ port: 0 });
    const recording: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string') {
        const body = JSON.parse(init.body) as { method?: string; params?: { name?: string } };
        if (body.method === 'tools/call') sent.push(`tools/call ${body.params?.name ?? ''}`);
      }
      return fetch(input, init);
    };
    mediaConnection = await connectMcpServer(
      { id: 'm', name: 'media', url: media.url, headers: {} },
      // Wide margins (progress every 50 ms, calls of 600 ms) so a loaded machine's stalls cannot flip the outcomes.
      { fetch: recording, toolTimeoutMs: 2_000 },
    );
    demoConnection = await connectMcpServer({ id: 'd', name: 'demo', url: demo.url, headers: {} });
  });
  afterAll(async () => {
    await mediaConnection.close();
    await demoConnection.close();
    await media.close();
    await demo.close();
  });

  const run = (replies: ScriptedReply[], extra: Partial<RunOptions> = {}) =>
    collectRun(
      runToolLoop({
        model: createScriptedModel(replies),
        tools: collectMcpTools([mediaConnection, demoConnection]),
        history: [],
        userMessage,
        environment: createRunEnvironment(),
        validateInput: createToolInputValidator,
        ...extra,
      }),
    );

  it('shows progress live and lets it push the timeout back; a silent slow call times out', async () => {
    const { events, result } = await run([
      { content: [use('p', 'media__sleep', { ms: 2_400 }), use('s', 'media__sleep', { ms: 4_000, progress: false })] },
      done,
    ]);
    const progress = filterEvents(events, 'tool-call-progress').filter((event) => event.callId === 'p');
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toMatchObject({ progress: 2_400, total: 2_400 });
    const ends = new Map(filterEvents(events, 'tool-call-end').map((end) => [end.callId, end]));
    expect(ends.get('p')).toMatchObject({ status: 'ok', content: [{ type: 'text', text: 'Slept 2400 ms.' }] });
    expect(ends.get('s')).toMatchObject({ status: 'timeout', retryable: true });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('converts every MCP content type, one unsupported part never failing the result', async () => {
    const { events } = await run([
      { content: [use('x', 'media__mixed'), use('y', 'media__structured'), use('z', 'media__resource_link')] },
      done,
    ]);
    const ends = new Map(filterEvents(events, 'tool-call-end').map((end) => [end.callId, end]));
    const mixed = ends.get('x');
    expect(mixed?.status).toBe('ok');
    expect(mixed?.content).toEqual([
      { type: 'text', text: 'All kinds:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: tinyPngBase64 } },
      expect.objectContaining({ type: 'text', text: expect.stringMatching(/^\[image: image\/bmp/) as unknown }),
      expect.objectContaining({ type: 'text', text: expect.stringMatching(/^\[audio: audio\/wav/) as unknown }),
      { type: 'text', text: '[resource: file:///notes/readme.txt]\nHello from a resource.' },
      { type: 'text', text: '[resource link: a — https://example.com/a]' },
    ]);
    expect(JSON.stringify(ends.get('y')?.content)).toContain('temperatureC');
    expect(ends.get('z')?.content).toEqual([
      { type: 'text', text: '[resource link: report.pdf — https://example.com/report.pdf (application/pdf)]' },
    ]);
  });

  it('invalid input never reaches the server; the corrected call does', async () => {
    sent.length = 0;
    const { events } = await run([
      { content: [use('bad', 'media__sleep', { ms: 'soon' })] },
      { content: [use('good', 'media__sleep', { ms: 10 })] },
      done,
    ]);
    const ends = new Map(filterEvents(events, 'tool-call-end').map((end) => [end.callId, end]));
    expect(ends.get('bad')?.status).toBe('invalid-input');
    expect(ends.get('bad')?.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining("Invalid input for tool 'media__sleep': /ms:") as unknown,
    });
    expect(ends.get('good')?.status).toBe('ok');
    expect(sent).toEqual(['tools/call sleep']);
  });

  it('caps calls per server and queues the rest; other servers run beside them', async () => {
    const calls = [1, 2, 3, 4].map((n) => use(`s${n}`, 'media__sleep', { ms: 600 + n, progress: false }));
    const started = Date.now();
    const { events } = await run([{ content: [...calls, use('w', 'demo__weather_get', { city: 'Paris' })] }, done], {
      policies: { maxConcurrencyPerServer: 2, eagerStart: false },
    });
    const elapsed = Date.now() - started;
    expect(filterEvents(events, 'tool-call-queued').map((event) => event.callId)).toEqual(['s3', 's4']);
    expect(elapsed).toBeGreaterThanOrEqual(1_200);
    const ends = filterEvents(events, 'tool-call-end');
    expect(ends.every((end) => end.status === 'ok')).toBe(true);
    const weather = ends.find((end) => end.callId === 'w');
    const third = ends.find((end) => end.callId === 's3');
    expect(weather?.timing.endedAt).toBeLessThan(third?.timing.startedAt ?? 0);
  });
});
