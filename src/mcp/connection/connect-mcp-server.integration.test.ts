import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoServer } from '../../../server/demo-server';
import { startPacedServer } from '../../../test/servers/paced-server';
import { startMediaServer, tinyPdfBase64, tinyPngBase64, weatherStructured } from '../../../test/servers/media-server';
import { connectMcpServer } from './connect-mcp-server';
import { type McpConnection } from './mcp-connection';
import { collectMcpTools } from '../tools/collect-mcp-tools';
import { toolNamed, toolRunContext, useConnectedServer } from '../../../test/support/mcp-connection-kit';

type Handle = Awaited<ReturnType<typeof startMediaServer>>;

/**
 * Awaits `promise` under fake timers, running only the timers due now: the HTTP server reads each response
 * stream on a zero-delay timer, while the idle clock's timer stays where the test put it.
 */
async function withZeroDelayTimers<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    vi.advanceTimersByTime(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return promise;
}

const textOf = (output: { content: { type: string; text?: string }[] }) =>
  output.content.map((block) => block.text ?? `<${block.type}>`).join('\n');

describe('connectMcpServer with the demo server', () => {
  const connected = useConnectedServer(() => startDemoServer({ port: 0 }), { id: 'd1', name: 'demo' });

  it('initializes and lists tools under exposed names', () => {
    expect(connected.connection.serverInfo).toEqual({ name: 'loupe-demo', version: '1.0.0' });
    expect(connected.connection.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(connected.connection.instructions).toContain('weather.get before clothing.advise');
    expect(connected.connection.tools.map((tool) => tool.name)).toEqual([
      'demo__weather_get',
      'demo__clothing_advise',
      'demo__weather_outlook',
    ]);
    const weather = toolNamed(connected.connection, 'demo__weather_get');
    expect(weather.origin).toEqual({ kind: 'mcp', serverId: 'd1', serverName: 'demo', toolName: 'weather.get' });
    expect(weather.annotations).toMatchObject({ readOnlyHint: true, title: 'Current weather' });
    expect(weather.inputSchema).toMatchObject({ type: 'object', required: ['city'] });
    expect(connected.connection.toolInfos[1]).toMatchObject({
      exposedName: 'demo__clothing_advise',
      originalName: 'clothing.advise',
      readOnly: true,
    });
  });

  it('calls weather.get and clothing.advise', async () => {
    const weather = await toolNamed(connected.connection, 'demo__weather_get').run({ city: 'Paris' }, toolRunContext());
    expect(weather.isError).toBeUndefined();
    const report = JSON.parse(textOf(weather)) as Record<string, unknown>;
    expect(Object.keys(report).sort()).toEqual(['city', 'conditions', 'humidity', 'temperatureC', 'windKph']);
    expect(['sunny', 'cloudy', 'rain', 'snow', 'windy']).toContain(report.conditions);
    const again = await toolNamed(connected.connection, 'demo__weather_get').run({ city: 'Paris' }, toolRunContext());
    expect(textOf(again)).toBe(textOf(weather));
    const advice = await toolNamed(connected.connection, 'demo__clothing_advise').run(
      { temperatureC: -3, conditions: 'snow', activity: 'hiking' },
      toolRunContext(),
    );
    expect(textOf(advice)).toMatch(/freezing/);
    expect(textOf(advice)).toMatch(/boots/);
    expect(textOf(advice)).toMatch(/hiking/);
  });

  it('reports an unknown city as a tool error', async () => {
    const output = await toolNamed(connected.connection, 'demo__weather_get').run({ city: '   ' }, toolRunContext());
    expect(output.isError).toBe(true);
    expect(textOf(output)).toContain('Unknown city');
  });
});

describe('connectMcpServer with the media server', () => {
  let media: Handle;
  let connection: McpConnection;
  beforeAll(async () => {
    media = await startMediaServer();
    connection = await connectMcpServer(
      { id: 'm1', name: 'media', url: media.url, headers: {} },
      { toolTimeoutMs: 5_000 },
    );
  });
  afterAll(async () => {
    await connection.close();
    await media.close();
  });
  const run = (name: string, input: Record<string, unknown> = {}, ctx = toolRunContext()) =>
    toolNamed(connection, `media__${name}`).run(input, ctx);

  it('delivers an image part as an image block', async () => {
    const output = await run('image');
    expect(output.content).toEqual([
      { type: 'text', text: 'A red pixel:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: tinyPngBase64 } },
    ]);
  });

  it('delivers an embedded PDF resource as a document block', async () => {
    const output = await run('pdf');
    expect(output.content).toEqual([
      { type: 'text', text: 'The report:' },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: tinyPdfBase64 } },
    ]);
    expect(Buffer.from(tinyPdfBase64, 'base64').toString('latin1')).toMatch(/^%PDF-1\.4\n[\s\S]*%%EOF\n$/);
  });

  it('converts every other content type without failing', async () => {
    expect(textOf(await run('svg'))).toMatch(/^\[image: image\/svg\+xml, \d+ bytes/);
    expect(textOf(await run('audio'))).toBe('[audio: audio/wav, 16 bytes]');
    expect(textOf(await run('resource'))).toBe(
      '[resource: file:///notes/readme.txt, text/plain]\nHello from a resource.\n[resource: file:///data/blob.bin, application/octet-stream, 16 bytes, binary content not shown]',
    );
    expect(textOf(await run('resource_link'))).toBe(
      '[resource link: report.pdf — https://example.com/report.pdf (application/pdf)]',
    );
    const structured = await run('structured');
    expect(structured.structured).toEqual(weatherStructured);
    expect(structured.content).toEqual([
      { type: 'text', text: 'Weather for Paris.' },
      { type: 'text', text: JSON.stringify(weatherStructured) },
    ]);
    const mixed = await run('mixed');
    expect(mixed.content.map((block) => block.type)).toEqual(['text', 'image', 'text', 'text', 'text', 'text']);
    expect(mixed.isError).toBeUndefined();
  });

  it('surfaces a tool error and a throwing tool as isError output', async () => {
    const failed = await run('fail');
    expect(failed).toEqual({ content: [{ type: 'text', text: 'The tool failed: disk full.' }], isError: true });
    const thrown = await run('throw');
    expect(thrown.isError).toBe(true);
    expect(textOf(thrown)).toContain('Boom: the handler threw.');
  });

  it('reports progress and finishes a short sleep', async () => {
    const progress: unknown[] = [];
    const output = await run('sleep', { ms: 120 }, toolRunContext(undefined, progress));
    expect(textOf(output)).toBe('Slept 120 ms.');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toEqual({ progress: 120, total: 120 });
  });

  it('aborts a slow call through its signal and the server sees the cancellation', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const call = run('sleep', { ms: 10_000 }, toolRunContext(controller.signal));
    setTimeout(() => controller.abort(new Error('stopped by test')), 100);
    await expect(call).rejects.toThrow('stopped by test');
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => media.probe.cancelledSleeps).toBe(1);
  });

  it('times out a call that takes too long', async () => {
    // The clock is the test's and the server's tool moves only when released, so the gaps between progress
    // notifications are exact however loaded the machine is.
    const paced = await startPacedServer();
    const short = await connectMcpServer(
      { id: 'p1', name: 'paced', url: paced.url, headers: {} },
      { toolTimeoutMs: 150 },
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const tool = toolNamed(short, 'paced__paced');
      expect(tool.timeoutMs).toBe(150);
      // Silent: nothing restarts the idle clock, so 150 ms without a word ends the call.
      let started = paced.pacer.started();
      const silent = tool.run({}, toolRunContext());
      await withZeroDelayTimers(started);
      vi.advanceTimersByTime(150);
      await expect(silent).rejects.toMatchObject({ name: 'TimeoutError' });
      // Progress notifications restart it: four 100 ms gaps (400 ms in all) outlive a 150 ms timeout.
      let heard = () => {};
      started = paced.pacer.started();
      const call = tool.run({}, { ...toolRunContext(), onProgress: () => heard() });
      await withZeroDelayTimers(started);
      for (let step = 0; step < 4; step += 1) {
        const arrived = new Promise<void>((resolve) => (heard = resolve));
        vi.advanceTimersByTime(100);
        paced.pacer.release('progress');
        // A call that ended instead (timed out) fails here at once with its error.
        await withZeroDelayTimers(Promise.race([arrived, call.then(() => Promise.reject(new Error('ended early')))]));
      }
      vi.advanceTimersByTime(100);
      paced.pacer.release('end');
      expect(textOf(await withZeroDelayTimers(call))).toBe('Done.');
    } finally {
      vi.useRealTimers();
      await short.close();
      await paced.close();
    }
  });

  it('hashes names that collide across servers', async () => {
    const twin = await connectMcpServer({ id: 'm3', name: 'media', url: media.url, headers: {} });
    try {
      const names = collectMcpTools([connection, twin]).map((tool) => tool.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.every((name) => /^media__[A-Za-z0-9_]+_[0-9a-z]{6}$/.test(name))).toBe(true);
    } finally {
      await twin.close();
    }
  });
});
