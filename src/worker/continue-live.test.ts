import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import type { Tool } from '../engine/tool/tool';
import type { RunSettings } from '../protocol/settings';
import { checkTranscriptSchema } from './check-transcript-schema';
import { BY_HAND_UNANSWERED, continueLive } from './continue-live';
import { detectRequestImport } from './detect-request-import';
import type { RunOverrides } from './session-commands';
import { createStoredSessionCommands } from '../../test/support/stored-session-commands';

const request = (messages: unknown[]) =>
  JSON.stringify({
    model: 'claude-sonnet-4-5',
    max_tokens: 500,
    system: 'Be brief.',
    tools: [
      { name: 'lookup', description: 'Look up.', input_schema: { type: 'object', properties: {} } },
      { name: 'weather_get', description: 'Weather.', input_schema: { type: 'object', properties: {} } },
    ],
    messages,
  });
const openRequest = request([
  { role: 'user', content: 'find it' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'a' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'found' }] },
]);

/** The events of a request opened as Open a request opens it (the one transcript import path). */
function importRequest(text: string, connectedTools: string[]): readonly RunEvent[] {
  const detected = detectRequestImport(text, { runId: 'imp', now: 1000, appVersion: 'test', connectedTools });
  if ('problems' in detected) throw new Error(JSON.stringify(detected.problems));
  const commands = createStoredSessionCommands();
  const outcome = commands.importTranscript(
    { type: 'transcript-import', runId: 'imp', text: detected.text },
    checkTranscriptSchema,
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return outcome.events;
}

const liveTool = (name: string): Tool => ({
  name,
  description: name,
  inputSchema: { type: 'object' },
  origin: { kind: 'mcp', serverId: 'demo', serverName: 'demo', toolName: name.replace('demo__', '') },
  run: () => Promise.resolve({ content: [{ type: 'text', text: 'live' }] }),
});

function harness(events: readonly RunEvent[], live: string[]) {
  const started: { runId: string; overrides: RunOverrides }[] = [];
  const context = {
    eventsOf: () => events,
    liveTools: () => live.map(liveTool),
    startRun: (runId: string, _settings: RunSettings, _text: string, overrides: RunOverrides) =>
      started.push({ runId, overrides }),
  };
  const command = (unmatched?: 'by-hand' | 'leave-out') => ({
    type: 'run-continue' as const,
    runId: 'next',
    sourceRunId: 'imp',
    settings: {} as RunSettings,
    ...(unmatched === undefined ? {} : { unmatched }),
  });
  return { started, run: (unmatched?: 'by-hand' | 'leave-out') => continueLive(command(unmatched), context) };
}

describe('continueLive (an opened request sent on to the live model)', () => {
  it('names the tools no connected server offers and sends nothing until the person chooses', () => {
    const { started, run } = harness(importRequest(openRequest, ['demo__weather_get']), ['demo__weather_get']);
    expect(run()).toEqual({ started: false, unmatched: ['lookup'] });
    expect(started).toEqual([]);
  });

  it('by hand: the whole history goes out, the results last, with the live tools and the unmatched one', async () => {
    const { started, run } = harness(importRequest(openRequest, ['demo__weather_get']), ['demo__weather_get']);
    expect(run('by-hand')).toEqual({ started: true, unmatched: ['lookup'] });
    const [{ overrides }] = started as [(typeof started)[0]];
    expect(overrides.system).toBe('Be brief.');
    expect(overrides.history?.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(overrides.userMessage).toEqual({
      role: 'user',
      content: [expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_1' })],
    });
    expect(overrides.tools?.map((tool) => tool.name)).toEqual(['demo__weather_get', 'lookup']);
    // Let run without a result given at its pause, a by-hand call tells the model so, as an error.
    const byHand = overrides.tools?.find((tool) => tool.name === 'lookup');
    expect(await byHand?.run({}, {} as never)).toEqual({
      content: [{ type: 'text', text: BY_HAND_UNANSWERED }],
      isError: true,
    });
  });

  it('leave out: only the connected tools are sent', () => {
    const { started, run } = harness(importRequest(openRequest, ['demo__weather_get']), ['demo__weather_get']);
    run('leave-out');
    expect(started[0]?.overrides.tools?.map((tool) => tool.name)).toEqual(['demo__weather_get']);
  });

  it('starts at once when every tool maps onto a connected one', () => {
    const connected = ['demo__lookup', 'demo__weather_get'];
    const { started, run } = harness(importRequest(openRequest, connected), connected);
    expect(run()).toEqual({ started: true, unmatched: [] });
    expect(started).toHaveLength(1);
  });

  it('refuses a run that ended with the model’s answer: there is no next request', () => {
    const ended = request([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ]);
    const { started, run } = harness(importRequest(ended, []), []);
    expect(() => run('leave-out')).toThrow(/ended with the model’s answer/);
    expect(started).toEqual([]);
  });
});
