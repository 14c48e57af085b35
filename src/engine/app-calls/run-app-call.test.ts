import { describe, expect, it } from 'vitest';
import { createDebugSession } from '../debug/create-debug-session';
import type { DebugPolicy, PauseDecision, PausePoint, PauseTurn } from '../debug/pause-point';
import type { RunEvent } from '../event/run-event';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { buildTranscript } from '../transcript/build-transcript';
import { transcriptToEvents } from '../transcript/transcript-to-events';
import { foldHistory } from '../transcript/fold-history';
import { MAX_LOGS_PER_CALL } from '../run/cap-call-logs';
import { APP_CALL_STOPPED_TEXT, refuseAppCall, runAppCall, type AppCallRequest } from './run-app-call';

const forecast = () =>
  createInMemoryTool({
    name: 'demo__weather_forecast',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    run: (input) => ({
      content: [{ type: 'text', text: `3 days in ${String(input['city'])}` }],
      structured: { city: input['city'], days: [1, 2, 3] },
    }),
  });

const request = (input: Record<string, unknown> = { city: 'Oslo' }): AppCallRequest => ({
  round: 1,
  callId: 'app-call_1',
  appOf: 'toolu_1',
  toolName: 'weather.forecast',
  input,
});

/** A debugger whose gate answers each pause with the next decision, recording the points it saw. */
function harness(policy: Partial<DebugPolicy>, decisions: PauseDecision[] = [], turn?: PauseTurn) {
  const environment = createFakeEnvironment();
  const events: RunEvent[] = [];
  const points: PausePoint[] = [];
  const controller = new AbortController();
  const debug = createDebugSession({
    controller: {
      getPolicy: () => ({ mode: 'run', breakpoints: [], approval: { enabled: false, tools: {} }, ...policy }),
      pauseGate: (point) => {
        points.push(point);
        return Promise.resolve(decisions.shift() ?? { type: 'continue' });
      },
      ...(turn === undefined ? {} : { pauseTurn: turn }),
    },
    signal: controller.signal,
    emit: (event) => events.push(event),
    now: () => environment.now(),
    createId: (prefix) => environment.createId(prefix),
    stop: () => controller.abort(),
    digest: () => ({ model: 'm', provider: 'p', toolNames: [], messageCount: 1, maxTokens: 1 }),
  });
  const context = (tool = forecast()) => ({
    tool,
    debug,
    signal: controller.signal,
    environment,
    emit: (event: RunEvent) => events.push(event),
    timeoutMs: 5_000,
  });
  return { events, points, controller, context, environment };
}

describe('an MCP App’s call through the debugger', () => {
  it('runs without pausing when nothing selects it, logged in the round of the call that opened the app', async () => {
    const { events, points, context } = harness({});
    const tool = forecast();
    const outcome = await runAppCall(request(), context(tool));
    expect(points).toEqual([]);
    expect(tool.calls).toEqual([{ city: 'Oslo' }]);
    expect(outcome).toMatchObject({ status: 'ok', edited: false, structured: { city: 'Oslo', days: [1, 2, 3] } });
    expect(events.map((event) => event.type)).toEqual(['app-call-start', 'app-call-end']);
    expect(events[1]).toMatchObject({
      round: 1,
      appOf: 'toolu_1',
      status: 'ok',
      structuredContent: { city: 'Oslo', days: [1, 2, 3] },
    });
  });

  it('pauses at a breakpoint on the tool before and (step) after; the edited input runs, the edited result is answered', async () => {
    const { events, points, context } = harness({ mode: 'step' }, [
      { type: 'edit-input', input: { city: 'Bergen' } },
      { type: 'edit-result', content: [{ type: 'text', text: 'sunny, by hand' }], isError: false },
    ]);
    const tool = forecast();
    const outcome = await runAppCall(request(), context(tool));
    expect(points.map((point) => [point.kind, 'appOf' in point ? point.appOf : undefined])).toEqual([
      ['before-tool', 'toolu_1'],
      ['after-tool', 'toolu_1'],
    ]);
    expect(tool.calls).toEqual([{ city: 'Bergen' }]);
    // The app reads the result as edited: the server's structured content no longer says the same.
    expect(outcome).toEqual({
      status: 'ok',
      isError: false,
      content: [{ type: 'text', text: 'sunny, by hand' }],
      edited: true,
    });
    const starts = events.filter((event) => event.type === 'pause-start');
    expect(starts.map((event) => event.pause.appOf)).toEqual(['toolu_1', 'toolu_1']);
    expect(events.filter((event) => event.type === 'edit-apply').map((event) => event.what)).toEqual([
      'input',
      'result',
    ]);
  });

  it('a breakpoint on the tool name holds it; skip answers by hand without running it', async () => {
    const { events, context } = harness(
      { breakpoints: [{ id: 'b', enabled: true, kind: 'tool', toolName: 'demo__weather_forecast' }] },
      [{ type: 'skip', content: [{ type: 'text', text: 'given by hand' }], isError: false }],
    );
    const tool = forecast();
    const outcome = await runAppCall(request(), context(tool));
    expect(tool.calls).toEqual([]);
    expect(outcome).toMatchObject({ status: 'ok', edited: true, content: [{ type: 'text', text: 'given by hand' }] });
    expect(events.at(-1)).toMatchObject({ type: 'app-call-end', status: 'ok' });
  });

  it('approval ask holds it, deny refuses it; approval deny refuses it without a pause', async () => {
    const mcpTool = () => ({
      ...forecast(),
      origin: { kind: 'mcp' as const, serverId: 's', serverName: 'demo', toolName: 'weather.forecast' },
    });
    const asked = harness({ approval: { enabled: true, tools: {} } }, [{ type: 'deny', message: 'not now' }]);
    const denied = await runAppCall(request(), asked.context(mcpTool()));
    expect(asked.points[0]?.reasons).toEqual([{ kind: 'approval', toolName: 'demo__weather_forecast' }]);
    expect(denied).toMatchObject({ status: 'denied', isError: true });

    const policy = harness({ approval: { enabled: true, tools: { demo__weather_forecast: 'deny' } } });
    expect(await runAppCall(request(), policy.context(mcpTool()))).toMatchObject({ status: 'denied' });
    expect(policy.points).toEqual([]);
  });

  it('Stop at its pause stops the run: the call does not run and says so', async () => {
    const { controller, context } = harness({ mode: 'step' }, [{ type: 'stop' }]);
    const tool = forecast();
    const outcome = await runAppCall(request(), context(tool));
    expect(controller.signal.aborted).toBe(true);
    expect(tool.calls).toEqual([]);
    expect(outcome).toMatchObject({ status: 'not-executed', content: [{ type: 'text', text: APP_CALL_STOPPED_TEXT }] });
  });

  it('input the schema refuses does not reach the tool', async () => {
    const { context } = harness({});
    const tool = forecast();
    const outcome = await runAppCall(request({}), {
      ...context(tool),
      validate: (input) => ('city' in input ? undefined : 'city is required'),
    });
    expect(tool.calls).toEqual([]);
    expect(outcome).toMatchObject({ status: 'invalid-input', content: [{ type: 'text', text: 'city is required' }] });
  });

  it('a tool that never answers times out; one that throws is a tool error', async () => {
    const { context, environment } = harness({});
    const hanging = createInMemoryTool({ name: 'demo__weather_forecast', run: () => new Promise(() => undefined) });
    const pending = runAppCall(request(), context(hanging));
    // The deadline's timer is set a few microtasks in (after the before-tool point): wait for it, not for time.
    for (let tick = 0; tick < 100 && environment.pendingTimers() === 0; tick += 1) await Promise.resolve();
    expect(environment.pendingTimers()).toBeGreaterThan(0);
    environment.advance(5_000);
    expect(await pending).toMatchObject({ status: 'timeout', isError: true });
    const failing = createInMemoryTool({
      name: 'demo__weather_forecast',
      run: () => {
        throw new Error('server down');
      },
    });
    expect(await runAppCall(request(), context(failing))).toMatchObject({ status: 'tool-error' });
  });

  it('shares the run’s pause turn: an app call waits while the loop is held, and is held only after', async () => {
    const turn: PauseTurn = { current: Promise.resolve() };
    let releaseLoop: () => void = () => undefined;
    turn.current = new Promise((resolve) => (releaseLoop = resolve));
    const { points, context } = harness({ mode: 'step' }, [], turn);
    const call = runAppCall(request(), context());
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    expect(points).toEqual([]);
    releaseLoop();
    await call;
    expect(points.map((point) => point.kind)).toEqual(['before-tool', 'after-tool']);
  });
});

describe('app calls in the transcript', () => {
  it('are recorded per round, never in messages, and survive export → import', async () => {
    const { events, context } = harness({ mode: 'step' }, [{ type: 'edit-input', input: { city: 'Bergen' } }]);
    const start: RunEvent[] = [
      {
        type: 'run-start',
        at: 1,
        runId: 'r',
        tools: [],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        maxRounds: 10,
      },
      {
        type: 'round-start',
        at: 2,
        round: 1,
        request: { model: 'm', provider: 'p', toolNames: [], messageCount: 1, maxTokens: 1 },
      },
    ];
    await runAppCall(request(), context());
    refuseAppCall({ ...request(), callId: 'app-call_2', name: 'demo__weather_get' }, 'not for apps', {
      environment: createFakeEnvironment(),
      emit: (event) => events.push(event),
    });
    const log = [...start, ...events];
    const meta = {
      createdAt: '2026-11-30T00:00:00.000Z',
      app: { name: 'Loupe', version: '1' },
      settings: { provider: 'p', model: 'm', maxRounds: 10, maxTokens: 1 },
      servers: [],
    };
    const transcript = buildTranscript(log, meta);
    expect(transcript.messages).toEqual(foldHistory(start));
    expect(transcript.rounds[0]?.appCalls?.map((call) => [call.id, call.status, call.input])).toEqual([
      ['app-call_1', 'ok', { city: 'Bergen' }],
      ['app-call_2', 'denied', { city: 'Oslo' }],
    ]);
    expect(transcript.rounds[0]?.appCalls?.[0]?.edits).toEqual([
      { what: 'input', before: { city: 'Oslo' }, after: { city: 'Bergen' } },
    ]);
    expect(buildTranscript(transcriptToEvents(transcript), meta)).toEqual(transcript);
  });
});

describe('an MCP App’s call reporting as it runs', () => {
  it('logs its progress and its server’s log messages, capped as a model call’s are', async () => {
    const { events, context } = harness({});
    const chatty = createInMemoryTool({
      name: 'demo__weather_forecast',
      run: (_input, run) => {
        run.onProgress({ progress: 1, total: 2, message: 'half' });
        for (let index = 0; index < MAX_LOGS_PER_CALL + 5; index += 1) run.log('info', `line ${index}`);
        return 'done';
      },
    });
    await runAppCall(request(), context(chatty));
    const progress = events.filter((event) => event.type === 'app-call-progress');
    expect(progress).toEqual([
      expect.objectContaining({ round: 1, callId: 'app-call_1', appOf: 'toolu_1', progress: 1, total: 2 }),
    ]);
    const logs = events.filter((event) => event.type === 'app-call-log');
    expect(logs).toHaveLength(MAX_LOGS_PER_CALL + 1);
    expect(logs.at(-1)).toMatchObject({ level: 'warning', message: expect.stringContaining('dropped') as string });
    expect(events.at(-1)).toMatchObject({ type: 'app-call-end', status: 'ok' });
  });
});
