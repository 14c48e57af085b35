import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../event/run-event';
import type { TextBlock } from '../message/message';
import { collectRun } from '../testing/collect-run';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { createScriptedModel } from '../testing/scripted-model';
import { buildTranscript } from '../transcript/build-transcript';
import type { ToolRunContext } from '../tool/tool';
import { MAX_LOG_CHARS, MAX_LOGS_PER_CALL } from './cap-call-logs';
import { runToolLoop } from './run-tool-loop';
import { runWithDeadline } from './run-with-deadline';

const text = (value: string): TextBlock => ({ type: 'text', text: value });

/** One round that calls `tool` once, then a final answer; returns the events. */
async function runOnce(run: (context: ToolRunContext) => Promise<string> | string) {
  const environment = createFakeEnvironment();
  const tool = createInMemoryTool({ name: 'work', run: (_input, context) => run(context) });
  const model = createScriptedModel([
    { content: [{ type: 'tool_use', id: 'c1', name: 'work', input: {} }], usage: { inputTokens: 1, outputTokens: 1 } },
    { content: [text('Done.')], usage: { inputTokens: 1, outputTokens: 1 } },
  ]);
  const handle = runToolLoop({
    model,
    tools: [tool],
    history: [],
    userMessage: { role: 'user', content: [text('Go')] },
    environment,
  });
  const { events } = await collectRun(handle, () => environment.advance(1));
  return events;
}

const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) =>
  events.filter((event): event is Extract<RunEvent, { type: T }> => event.type === type);

describe('per-call log messages', () => {
  it('reach the call as tool-call-log events, in order, between its start and end, and stay in the transcript', async () => {
    const events = await runOnce((context) => {
      context.log('info', 'starting');
      context.onProgress({ progress: 1, total: 2, message: 'half' });
      context.log('error', 'upstream said 503, retrying');
      context.onProgress({ progress: 2, total: 2 });
      return 'ok';
    });
    const logs = ofType(events, 'tool-call-log');
    expect(logs.map(({ level, message, callId, round }) => ({ level, message, callId, round }))).toEqual([
      { level: 'info', message: 'starting', callId: 'c1', round: 1 },
      { level: 'error', message: 'upstream said 503, retrying', callId: 'c1', round: 1 },
    ]);
    const types = events.map((event) => event.type);
    expect(types.indexOf('tool-call-log')).toBeGreaterThan(types.indexOf('tool-call-start'));
    expect(types.lastIndexOf('tool-call-log')).toBeLessThan(types.indexOf('tool-call-end'));
    const transcript = buildTranscript(events, {
      createdAt: '2026-01-01T00:00:00.000Z',
      app: { name: 'Loupe', version: 'test' },
      settings: { provider: 'scripted', model: 'm', maxRounds: 10, maxTokens: 100 },
      servers: [],
    });
    const call = transcript.rounds[0]?.toolCalls[0];
    expect(call?.logs?.map(({ level, message }) => [level, message])).toEqual([
      ['info', 'starting'],
      ['error', 'upstream said 503, retrying'],
    ]);
    expect(call?.progress?.map(({ progress, total, message }) => ({ progress, total, message }))).toEqual([
      { progress: 1, total: 2, message: 'half' },
      { progress: 2, total: 2, message: undefined },
    ]);
    expect(transcript.rounds[1]?.toolCalls).toEqual([]);
  });

  it('caps a flood: the first messages kept, each cut to its limit, then one note, then nothing', async () => {
    const events = await runOnce((context) => {
      context.log('debug', 'y'.repeat(MAX_LOG_CHARS * 5));
      for (let index = 1; index < MAX_LOGS_PER_CALL * 10; index += 1) context.log('info', `line ${index}`);
      return 'ok';
    });
    const logs = ofType(events, 'tool-call-log');
    expect(logs).toHaveLength(MAX_LOGS_PER_CALL + 1);
    expect(logs[0]?.message).toBe(`${'y'.repeat(MAX_LOG_CHARS)}…`);
    expect(logs[MAX_LOGS_PER_CALL - 1]?.message).toBe(`line ${MAX_LOGS_PER_CALL - 1}`);
    expect(logs.at(-1)).toMatchObject({
      level: 'warning',
      message: `Further log messages of this call were dropped (more than ${MAX_LOGS_PER_CALL}).`,
    });
  });

  it('drops a log sent after the call settled (a late message cannot land on a finished call)', async () => {
    let context: ToolRunContext | undefined;
    const heard: string[] = [];
    const tool = createInMemoryTool({
      name: 'late',
      run: (_input, given) => {
        context = given;
        given.log('info', 'in time');
        return 'ok';
      },
    });
    const settled = await runWithDeadline({
      tool,
      input: {},
      signal: new AbortController().signal,
      timeoutMs: 1_000,
      environment: createFakeEnvironment(),
      onLog: (_level, message) => heard.push(message),
    });
    expect(settled.status).toBe('ok');
    context?.log('info', 'too late');
    expect(heard).toEqual(['in time']);
  });
});
