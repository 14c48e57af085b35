import { describe, expect, it } from 'vitest';
import type { TextBlock } from '../message/message';
import { runToolLoop } from '../run/run-tool-loop';
import { collectRun } from '../testing/collect-run';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { createScriptedModel } from '../testing/scripted-model';
import { buildTranscript } from './build-transcript';
import type { TranscriptMeta } from './build-transcript';

const text = (value: string): TextBlock => ({ type: 'text', text: value });
const meta: TranscriptMeta = {
  createdAt: '2025-01-01T00:00:00.000Z',
  app: { name: 'Loupe', version: '0.1.0' },
  settings: { provider: 'scripted', model: 'scripted-model', maxRounds: 10, maxTokens: 4096 },
  servers: [{ name: 'demo', url: 'http://localhost:3001/mcp', instructionsIncluded: true }],
};

async function runWeatherLoop() {
  const environment = createFakeEnvironment();
  const gate = { release: (): void => {} };
  const weather = createInMemoryTool({
    name: 'weather',
    run: () => new Promise<string>((resolve) => (gate.release = () => resolve('Sunny'))),
  });
  const clock = createInMemoryTool({ name: 'clock', run: () => 'Noon' });
  const model = createScriptedModel([
    {
      content: [
        text('Checking.'),
        { type: 'tool_use', id: 'c1', name: 'weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'c2', name: 'clock', input: {} },
      ],
      usage: { inputTokens: 100, outputTokens: 20 },
    },
    { content: [text('Sunny at noon.')], usage: { inputTokens: 150, outputTokens: 10, cacheReadInputTokens: 90 } },
  ]);
  const handle = runToolLoop({
    model,
    tools: [weather, clock],
    system: 'Be brief.',
    history: [],
    userMessage: { role: 'user', content: [text('Weather?')] },
    environment,
  });
  return collectRun(handle, (event) => {
    if (event.type === 'response-start' || event.type === 'text-delta') environment.advance(5);
    if (event.type === 'tool-call-end' && event.callId === 'c2') {
      environment.advance(30);
      gate.release();
    }
  });
}

describe('buildTranscript', () => {
  it('folds a full run into a transcript', async () => {
    const { events, result } = await runWeatherLoop();
    const transcript = buildTranscript(events, meta);
    expect(transcript).toMatchObject({
      format: 'loupe-transcript',
      version: 3,
      createdAt: meta.createdAt,
      app: meta.app,
      runId: result.runId,
      system: 'Be brief.',
      settings: meta.settings,
      servers: meta.servers,
      finishReason: 'end_turn',
      usage: { inputTokens: 250, outputTokens: 30, cacheReadInputTokens: 90 },
    });
    expect(transcript.messages).toEqual(result.messages);
    expect(transcript.tools.map((tool) => tool.name)).toEqual(['weather', 'clock']);
    expect(transcript.rounds.map((round) => round.round)).toEqual([1, 2]);

    const [first, second] = transcript.rounds;
    expect(first?.request).toMatchObject({ messageCount: 1, toolNames: ['weather', 'clock'], system: 'Be brief.' });
    expect(first?.response).toMatchObject({ stopReason: 'tool_use', interrupted: false, usage: { inputTokens: 100 } });
    expect(first?.response?.timing.durationMs).toBeGreaterThan(0);
    expect(first?.response?.timing.timeToFirstTokenMs).toBeGreaterThan(0);
    expect(first?.toolCalls.map((call) => [call.id, call.name, call.status])).toEqual([
      ['c1', 'weather', 'ok'],
      ['c2', 'clock', 'ok'],
    ]);
    expect(first?.toolCalls[0]).toMatchObject({
      input: { city: 'Paris' },
      content: [text('Sunny')],
      edits: [],
      isError: false,
    });
    expect(first?.toolCalls[0]?.timing.durationMs).toBe(30);
    expect(first?.toolCalls[1]?.timing.durationMs).toBe(0);
    expect(second?.request.messageCount).toBe(3);
    expect(second?.toolCalls).toEqual([]);
    expect(transcript.error).toBeUndefined();
  });

  it('describes a run still going, with no finish reason yet', async () => {
    const { events } = await runWeatherLoop();
    const partial = events.slice(
      0,
      events.findIndex((event) => event.type === 'tool-results-commit'),
    );
    const transcript = buildTranscript(partial, meta);
    expect(transcript.finishReason).toBeNull();
    expect(transcript.usage).toEqual({ inputTokens: 100, outputTokens: 20 });
    expect(transcript.rounds).toHaveLength(1);
    expect(transcript.rounds[0]?.toolCalls.map((call) => call.id)).toEqual(['c1', 'c2']);
  });

  it('records an error and a missing response', () => {
    const transcript = buildTranscript(
      [
        {
          type: 'run-start',
          at: 0,
          runId: 'run_1',
          tools: [],
          messages: [{ role: 'user', content: [text('hi')] }],
          maxRounds: 10,
        },
        {
          type: 'round-start',
          at: 1,
          round: 1,
          request: { model: 'm', provider: 'p', toolNames: [], messageCount: 1, maxTokens: 10 },
        },
        { type: 'round-end', at: 2, round: 1 },
        {
          type: 'run-end',
          at: 3,
          finishReason: 'error',
          usage: { inputTokens: 0, outputTokens: 0 },
          error: { message: 'Overloaded', status: 529 },
        },
      ],
      meta,
    );
    expect(transcript.rounds[0]?.response).toBeNull();
    expect(transcript.error).toEqual({ message: 'Overloaded', status: 529 });
    expect(transcript.system).toBeUndefined();
    expect(transcript.messages).toEqual([{ role: 'user', content: [text('hi')] }]);
  });
});
