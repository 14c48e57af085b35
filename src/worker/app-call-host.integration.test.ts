// MCP Apps' tool calls through the worker, end to end in Node: the demo server over HTTP, the demo model,
// commands in and run events out — the app's calls go into the run, its debugger and its transcript.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { serveMcpHttp } from '../../server/serve-mcp-http';
import type { PausePoint } from '../engine/debug/pause-point';
import type { RunEvent } from '../engine/event/run-event';
import type { Transcript } from '../engine/transcript/transcript';
import { APP_CALL_LIMITS, type McpAppToolResult } from '../protocol/mcp-app-messages';
import { DEFAULT_DEBUG_SETTINGS } from '../protocol/debug-messages';
import type { RunSettings } from '../protocol/settings';
import { type HostHarness } from './testing/create-host-harness';
import { useDemoServer } from '../../test/support/demo-stack';
import { finishedDemoRun } from './testing/finished-demo-run';

const stack = useDemoServer();

const settings: RunSettings = { provider: { kind: 'demo' }, system: '', maxRounds: 5, maxTokens: 1024 };

/** A host with the demo server connected and one finished demo run; the weather call's id is the app's. */
const finishedRun = () => finishedDemoRun(stack.demo.url, settings);

const callFromApp = (
  harness: HostHarness,
  appOf: string,
  toolName: string,
  args: Record<string, unknown>,
  where = { serverId: 's1', runId: 'run-1' },
) =>
  harness.send({ type: 'mcp-app-tool-call', ...where, appOf, toolName, arguments: args }) as Promise<McpAppToolResult>;

/** A server whose app's tool is ordinary (apps may call it) beside a tool kept from apps (`visibility: ["model"]`). */
function createModelOnlyServer(): McpServer {
  const server = new McpServer({ name: 'h', version: '1.0.0' });
  const page = 'ui://h/page.html';
  server.registerTool('with_app', { description: 'Has an app.', _meta: { ui: { resourceUri: page } } }, () => ({
    content: [{ type: 'text', text: 'from with_app' }],
  }));
  server.registerTool(
    'model_only',
    { description: 'Only for the model.', _meta: { ui: { visibility: ['model'] } } },
    () => ({ content: [{ type: 'text', text: 'secret' }] }),
  );
  server.registerResource('page', page, { mimeType: 'text/html;profile=mcp-app' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>' }],
  }));
  return server;
}

const appEvents = (harness: HostHarness): RunEvent[] =>
  harness.runEvents('run-1').filter((event) => event.type === 'app-call-start' || event.type === 'app-call-end');

/** Waits until `count` pauses have started and returns the one the worker holds now, in full. */
async function heldPause(harness: HostHarness, count: number): Promise<PausePoint> {
  await harness.waitFor((messages) => {
    const starts = messages.filter((m) => m.type === 'run-event' && m.event.type === 'pause-start');
    return starts.length >= count ? true : undefined;
  });
  const point = (await harness.send({ type: 'pause-inspect', runId: 'run-1' })) as PausePoint | null;
  if (point === null) throw new Error('no pause held');
  return point;
}

describe('an MCP App’s tool calls in the worker', () => {
  it('gives the opening call the server’s structuredContent, runs an app call after the run ended, logs it in its round', async () => {
    const { harness, appOf } = await finishedRun();
    const opener = harness.runEvents('run-1').find((event) => event.type === 'tool-call-end');
    expect(opener?.type === 'tool-call-end' && opener.structuredContent).toMatchObject({ city: 'Oslo' });

    const result = await callFromApp(harness, appOf, 'weather.forecast', { city: 'Oslo' });
    expect((result.structuredContent as { days: unknown[] }).days).toHaveLength(3);
    const [start, end] = appEvents(harness);
    expect(start).toMatchObject({ type: 'app-call-start', round: 1, appOf, name: 'demo__weather_forecast' });
    expect(end).toMatchObject({ type: 'app-call-end', status: 'ok' });
    expect(end?.type === 'app-call-end' && (end.structuredContent?.['days'] as unknown[]).length).toBe(3);
    // Never in the history the model reads.
    const transcript = (await harness.send({ type: 'transcript-export', runId: 'run-1' })) as Transcript;
    expect(JSON.stringify(transcript.messages)).not.toContain('forecast');
    expect(transcript.rounds[0]?.appCalls?.map((call) => `${call.toolName}:${call.status}`)).toEqual([
      'weather.forecast:ok',
    ]);
    const schema = JSON.parse(readFileSync('docs/transcript.schema.json', 'utf8')) as Record<string, unknown>;
    expect(new Validator(schema, '2020-12', false).validate(transcript).errors).toEqual([]);
    await harness.host.dispose();
  });

  it('step mode holds it: the edited input runs, the edited result is what the app gets, and import keeps both', async () => {
    const { harness, appOf } = await finishedRun();
    await harness.send({ type: 'debug-set', settings: { ...DEFAULT_DEBUG_SETTINGS, stepMode: true } });
    const answer = callFromApp(harness, appOf, 'weather.forecast', { city: 'Oslo' });
    const before = await heldPause(harness, 1);
    expect(before).toMatchObject({ kind: 'before-tool', name: 'demo__weather_forecast', appOf });
    await harness.send({
      type: 'pause-resolve',
      runId: 'run-1',
      pauseId: before.pauseId,
      decision: { type: 'edit-input', input: { city: 'Paris' } },
    });
    const after = await heldPause(harness, 2);
    expect(after).toMatchObject({ kind: 'after-tool', input: { city: 'Paris' }, status: 'ok', appOf });
    expect(after.kind === 'after-tool' && JSON.stringify(after.content)).toContain('Tomorrow');
    await harness.send({
      type: 'pause-resolve',
      runId: 'run-1',
      pauseId: after.pauseId,
      decision: { type: 'edit-result', content: [{ type: 'text', text: '{"days":[]}' }], isError: false },
    });
    expect(await answer).toEqual({ content: [{ type: 'text', text: '{"days":[]}' }], structuredContent: { days: [] } });

    const transcript = (await harness.send({ type: 'transcript-export', runId: 'run-1' })) as Transcript;
    const recorded = transcript.rounds[0]?.appCalls?.[0];
    expect(recorded).toMatchObject({ input: { city: 'Paris' }, content: [{ type: 'text', text: '{"days":[]}' }] });
    expect(recorded?.edits.map((edit) => edit.what)).toEqual(['input', 'result']);
    const imported = (await harness.send({
      type: 'transcript-import',
      runId: 'run-imported',
      text: JSON.stringify(transcript),
    })) as { ok: boolean };
    expect(imported.ok).toBe(true);
    const again = (await harness.send({ type: 'transcript-export', runId: 'run-imported' })) as Transcript;
    expect(again.rounds[0]?.appCalls).toEqual(transcript.rounds[0]?.appCalls);
    await harness.host.dispose();
  });

  it('in a replay of an imported run: refuses a tool kept from apps and one the server lacks, logs both, runs an ordinary one', async () => {
    const { harness, appOf } = await finishedRun();
    const other = await serveMcpHttp(createModelOnlyServer, {});
    try {
      await harness.send({
        type: 'server-add',
        server: { id: 's2', name: 'h', url: other.url, headers: {}, includeInstructions: true },
      });
      await harness.waitFor((messages) =>
        messages.find((m) => m.type === 'server-state' && m.state.serverId === 's2' && m.state.status === 'connected'),
      );
      // The demo run, as if its first call had been h's tool with an app: imported, so the worker did not run it
      // and its app may call nothing; replayed offline here, the replay is a run of this worker's.
      const exported = (await harness.send({ type: 'transcript-export', runId: 'run-1' })) as Transcript;
      const text = JSON.stringify(exported).replaceAll('demo__weather_get', 'h__with_app');
      await harness.send({ type: 'transcript-import', runId: 'run-h', text });
      await expect(callFromApp(harness, appOf, 'with_app', {}, { serverId: 's2', runId: 'run-h' })).rejects.toThrow(
        /not started here/,
      );
      await harness.send({ type: 'run-replay', runId: 'run-r', sourceRunId: 'run-h', mode: 'offline', settings });
      await harness.waitFor((messages) =>
        messages.find((m) => m.type === 'run-event' && m.runId === 'run-r' && m.event.type === 'run-end'),
      );
      const where = { serverId: 's2', runId: 'run-r' };
      await expect(callFromApp(harness, appOf, 'model_only', {}, where)).rejects.toThrow(/not marked for apps/);
      await expect(callFromApp(harness, appOf, 'no.such', {}, where)).rejects.toThrow(/no tool "no.such"/);
      expect(await callFromApp(harness, appOf, 'with_app', {}, where)).toMatchObject({
        content: [{ type: 'text', text: 'from with_app' }],
      });
      const ends = harness.runEvents('run-r').filter((event) => event.type === 'app-call-end');
      expect(ends.map((event) => event.type === 'app-call-end' && event.status)).toEqual(['denied', 'not-found', 'ok']);
      expect(harness.runEvents('run-h')).toEqual([]);
      // An app belongs to its own server's call, and to a call of the run.
      await expect(callFromApp(harness, appOf, 'weather.forecast', {}, { ...where, serverId: 's1' })).rejects.toThrow(
        /not a tool of that server/,
      );
      await expect(callFromApp(harness, 'not-a-call', 'with_app', {}, where)).rejects.toThrow(/does not belong/);
    } finally {
      await harness.host.dispose();
      await other.close();
    }
  });

  it('bounds a flooding app: at most 4 going at once, at most 50 logged, one notice, the rest refused unlogged', async () => {
    const { harness, appOf } = await finishedRun();
    await harness.send({ type: 'debug-set', settings: { ...DEFAULT_DEBUG_SETTINGS, stepMode: true } });
    const held = Array.from({ length: APP_CALL_LIMITS.maxInFlight }, () =>
      callFromApp(harness, appOf, 'weather.forecast', { city: 'Oslo' }).catch((error: unknown) => error),
    );
    await heldPause(harness, 1);
    await expect(callFromApp(harness, appOf, 'weather.forecast', { city: 'Oslo' })).rejects.toThrow(/at most 4/);
    await harness.send({ type: 'debug-set', settings: DEFAULT_DEBUG_SETTINGS });
    // Stop answers every held call: the run is stopped, so none of them runs.
    await harness.send({ type: 'run-stop', runId: 'run-1' });
    const answers = await Promise.all(held);
    expect(answers.every((answer) => (answer as McpAppToolResult).isError === true)).toBe(true);

    const flood = await Promise.allSettled(
      Array.from({ length: 60 }, () => callFromApp(harness, appOf, 'weather.forecast', { city: 'Oslo' })),
    );
    expect(flood.every((outcome) => outcome.status === 'rejected')).toBe(true);
    const starts = appEvents(harness).filter((event) => event.type === 'app-call-start');
    expect(starts).toHaveLength(APP_CALL_LIMITS.maxCalls);
    const notices = harness.runEvents('run-1').filter((event) => event.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ round: 1 });
    expect(notices[0]?.type === 'notice' && notices[0].message).toContain('made 50 calls');
    await harness.host.dispose();
  });

  it('after Stop, an app call is refused and logged as not executed', async () => {
    const { harness, appOf } = await finishedRun();
    await harness.send({ type: 'run-stop', runId: 'run-1' });
    await expect(callFromApp(harness, appOf, 'weather.forecast', { city: 'Oslo' })).rejects.toThrow(/stopped/);
    expect(appEvents(harness).at(-1)).toMatchObject({ type: 'app-call-end', status: 'not-executed' });
    await harness.host.dispose();
  });
});
