import { describe, expect, it } from 'vitest';
import type { ContentBlock, Message, ToolResultBlock } from '../message/message';
import type { ModelStreamPart } from '../model/model';
import { collectRun } from '../testing/collect-run';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { createScriptedModel, toParts } from '../testing/scripted-model';
import { runToolLoop } from './run-tool-loop';
import { startRun as start, text, use, userMessage } from '../testing/policy-test-kit';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const never = () => new Promise<never>(() => {});

describe('runToolLoop: rounds and stopping', () => {
  it('stops naturally on a reply without tool_use', async () => {
    const { model, handle } = start(
      [{ content: [text('Wear a light jacket.')], usage: { inputTokens: 12, outputTokens: 7 } }],
      [],
      {
        system: 'Be brief.',
        temperature: 0.2,
      },
    );
    const { events, result } = await collectRun(handle);
    const types = events.map((event) => event.type).filter((type) => type !== 'text-delta');
    expect(types).toEqual(['run-start', 'round-start', 'response-start', 'response-end', 'round-end', 'run-end']);
    expect(
      filterEvents(events, 'text-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('Wear a light jacket.');
    expect(filterEvents(events, 'round-start')[0]?.request).toEqual({
      model: 'scripted-model',
      provider: 'scripted',
      system: 'Be brief.',
      temperature: 0.2,
      toolNames: [],
      messageCount: 1,
      maxTokens: 4096,
    });
    expect(model.requests[0]).toMatchObject({
      system: 'Be brief.',
      messages: [userMessage],
      maxTokens: 4096,
      temperature: 0.2,
    });
    expect(result).toMatchObject({ finishReason: 'end_turn', rounds: 1, usage: { inputTokens: 12, outputTokens: 7 } });
    expect(result.messages).toEqual([userMessage, { role: 'assistant', content: [text('Wear a light jacket.')] }]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('passes stop reasons through and treats null as end_turn', async () => {
    for (const [stopReason, finishReason] of [
      ['stop_sequence', 'stop_sequence'],
      ['refusal', 'refusal'],
      ['max_tokens', 'max_tokens'],
      [null, 'end_turn'],
    ] as const) {
      const { handle } = start([{ content: [text('ok')], stopReason }], []);
      expect((await handle.result).finishReason).toBe(finishReason);
    }
  });

  it('runs a two-round loop, committing results in the model order even when the second call ends first', async () => {
    const gate = deferred();
    const slow = createInMemoryTool({ name: 'weather', run: async () => (await gate.promise, 'Sunny, 24°C') });
    const fast = createInMemoryTool({ name: 'calendar', run: () => 'Free all day' });
    const { environment, model, handle } = start(
      [
        {
          content: [
            text('Checking.'),
            use('call_1', 'weather', { city: 'Paris' }),
            use('call_2', 'calendar', { day: 'today' }),
          ],
        },
        { content: [text('Shorts and a hat.')] },
      ],
      [slow, fast],
    );
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-call-end' && event.name === 'calendar') {
        environment.advance(50);
        gate.resolve();
      }
    });

    expect(slow.calls).toEqual([{ city: 'Paris' }]);
    expect(fast.calls).toEqual([{ day: 'today' }]);
    const toolEvents = events.filter((event) => event.type === 'tool-call-start' || event.type === 'tool-call-end');
    expect(toolEvents.map((event) => `${event.type}:${event.callId}`)).toEqual([
      'tool-call-start:call_1',
      'tool-call-start:call_2',
      'tool-call-end:call_2',
      'tool-call-end:call_1',
    ]);
    const [firstEnd, secondEnd] = filterEvents(events, 'tool-call-end');
    expect(firstEnd?.timing.endedAt).toBe(1_000_000);
    expect(secondEnd?.timing).toEqual({ queuedAt: 1_000_000, startedAt: 1_000_000, endedAt: 1_000_050 });

    const commits = filterEvents(events, 'tool-results-commit');
    expect(commits).toHaveLength(1);
    expect(commits[0]?.message.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_1', content: [text('Sunny, 24°C')] },
      { type: 'tool_result', tool_use_id: 'call_2', content: [text('Free all day')] },
    ]);
    expect(model.requests[1]?.messages).toEqual([
      userMessage,
      {
        role: 'assistant',
        content: [
          text('Checking.'),
          use('call_1', 'weather', { city: 'Paris' }),
          use('call_2', 'calendar', { day: 'today' }),
        ],
      },
      commits[0]?.message,
    ]);
    expect(model.requests[1]?.tools.map((tool) => tool.name)).toEqual(['weather', 'calendar']);
    expect(filterEvents(events, 'run-start')[0]?.tools[0]).toEqual({
      name: 'weather',
      description: 'Test tool weather.',
      input_schema: { type: 'object', properties: {} },
    });
    expect(result).toMatchObject({ finishReason: 'end_turn', rounds: 2, usage: { inputTokens: 20, outputTokens: 10 } });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('reaches the round limit visibly', async () => {
    const echo = createInMemoryTool({ name: 'echo', run: () => 'again' });
    const { model, handle } = start((_request, index) => ({ content: [use(`call_${index}`, 'echo')] }), [echo], {
      maxRounds: 2,
      policies: { atLimit: 'stop' },
    });
    const { events, result } = await collectRun(handle);
    expect(model.requests).toHaveLength(2);
    expect(filterEvents(events, 'limit-reached')).toEqual([
      { type: 'limit-reached', at: 1_000_000, limit: 'rounds', value: 2, behaviour: 'stop', detail: '2 rounds' },
    ]);
    expect(events.slice(-3).map((event) => event.type)).toEqual(['round-end', 'limit-reached', 'run-end']);
    expect(result).toMatchObject({ finishReason: 'limit:rounds', rounds: 2 });
    expect(filterEvents(events, 'run-start')[0]?.maxRounds).toBe(2);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('defaults to ten rounds, then one final-answer request', async () => {
    const echo = createInMemoryTool({ name: 'echo', run: (input) => `again ${JSON.stringify(input)}` });
    const { model, handle } = start(
      (_request, index) => ({ content: [use(`call_${index}`, 'echo', { n: index })] }),
      [echo],
    );
    expect((await handle.result).finishReason).toBe('limit:rounds');
    expect(model.requests).toHaveLength(11);
    expect(model.requests[10]?.toolChoice).toEqual({ type: 'none' });
  });

  it('continues after pause_turn without tool results', async () => {
    const { model, handle } = start(
      [{ content: [text('Searching…')], stopReason: 'pause_turn' }, { content: [text('Found it.')] }],
      [],
    );
    const { events, result } = await collectRun(handle);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.messages.at(-1)).toEqual({ role: 'assistant', content: [text('Searching…')] });
    expect(filterEvents(events, 'tool-results-commit')).toHaveLength(0);
    expect(result.finishReason).toBe('end_turn');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: [text('Searching…'), text('Found it.')] });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('answers a tool call truncated by max_tokens with an error and goes on', async () => {
    const weather = createInMemoryTool({ name: 'weather', run: () => 'Sunny' });
    const parts: ModelStreamPart[] = [
      { type: 'response-start' },
      ...toParts([text('Let me look.')]),
      { type: 'tool-use-start', index: 1, id: 'call_1', name: 'weather' },
      { type: 'tool-input-delta', index: 1, partialJson: '{"city": "Par' },
      { type: 'response-end', stopReason: 'max_tokens', usage: { inputTokens: 5, outputTokens: 100 } },
    ];
    const { model, handle } = start([{ parts }, { content: [text('Sorry, trying again later.')] }], [weather]);
    const { events, result } = await collectRun(handle);
    expect(weather.calls).toEqual([]);
    expect(filterEvents(events, 'response-end')[0]?.message.content).toEqual([
      text('Let me look.'),
      use('call_1', 'weather', {}),
    ]);
    const [end] = filterEvents(events, 'tool-call-end');
    expect(end).toMatchObject({ status: 'invalid-input', isError: true });
    expect(JSON.stringify(end?.content)).toMatch(/truncated by max_tokens/);
    expect(model.requests).toHaveLength(2);
    expect(result.finishReason).toBe('end_turn');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('repairs a broken starting history before the first request', async () => {
    const history: Message[] = [
      { role: 'user', content: [text('Earlier question')] },
      { role: 'assistant', content: [use('old_1', 'weather')] },
    ];
    const environment = createFakeEnvironment();
    const model = createScriptedModel([{ content: [text('Hello again.')] }]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [], history, userMessage, environment }));
    const sent = model.requests[0]?.messages ?? [];
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[2]?.content.map((block) => block.type)).toEqual(['tool_result', 'text']);
    expect(findRunProblems(events, result)).toEqual([]);
  });
});

describe('runToolLoop: tool results', () => {
  it('gives every call a status and never lets one failure stop the others', async () => {
    const good = createInMemoryTool({ name: 'good', run: (input) => `got ${JSON.stringify(input)}` });
    const failing = createInMemoryTool({
      name: 'failing',
      run: () => ({ content: [text('quota exceeded')], isError: true }),
    });
    const throwing = createInMemoryTool({
      name: 'throwing',
      run: () => {
        throw new Error('disk on fire');
      },
    });
    const parts: ModelStreamPart[] = [
      { type: 'response-start' },
      ...toParts([use('c1', 'failing'), use('c2', 'throwing'), use('c3', 'nope')]),
      { type: 'tool-use-start', index: 3, id: 'c4', name: 'good' },
      { type: 'tool-input-delta', index: 3, partialJson: '{"a": ' },
      { type: 'tool-input-delta', index: 3, partialJson: '}' },
      { type: 'block-end', index: 3 },
      { type: 'tool-use-start', index: 4, id: 'c5', name: 'good' },
      { type: 'tool-input-delta', index: 4, partialJson: '[1, 2]' },
      { type: 'block-end', index: 4 },
      { type: 'tool-use-start', index: 5, id: 'c6', name: 'good' },
      { type: 'block-end', index: 5 },
      { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } },
    ];
    const { handle } = start([{ parts }, { content: [text('Done.')] }], [good, failing, throwing]);
    const { events, result } = await collectRun(handle);
    const ends = new Map(filterEvents(events, 'tool-call-end').map((event) => [event.callId, event]));
    expect([...ends.keys()].sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    expect(ends.get('c1')).toMatchObject({ status: 'tool-error', isError: true, content: [text('quota exceeded')] });
    expect(ends.get('c2')).toMatchObject({ status: 'tool-error', content: [text('disk on fire')] });
    expect(ends.get('c3')).toMatchObject({
      status: 'not-found',
      content: [text("Tool 'nope' is not available. Available tools: good, failing, throwing")],
    });
    expect(ends.get('c4')?.status).toBe('invalid-input');
    expect(JSON.stringify(ends.get('c4')?.content)).toMatch(/not valid JSON/);
    expect(ends.get('c5')).toMatchObject({
      status: 'invalid-input',
      content: [text('The tool input must be a JSON object, but it was an array.')],
    });
    expect(ends.get('c6')).toMatchObject({ status: 'ok', content: [text('got {}')] });
    expect(good.calls).toEqual([{}]);
    expect(ends.get('c3')?.timing.startedAt).toBeUndefined();

    const commit = filterEvents(events, 'tool-results-commit')[0]?.message.content as ToolResultBlock[];
    expect(commit.map((block) => [block.tool_use_id, block.is_error ?? false])).toEqual([
      ['c1', true],
      ['c2', true],
      ['c3', true],
      ['c4', true],
      ['c5', true],
      ['c6', false],
    ]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('times out a tool that ignores its signal and never resolves', async () => {
    let seenSignal: AbortSignal | undefined;
    const stuck = createInMemoryTool({
      name: 'stuck',
      run: (_input, context) => {
        seenSignal = context.signal;
        return never();
      },
    });
    const quick = createInMemoryTool({ name: 'quick', run: () => 'fine', timeoutMs: 10 });
    const { environment, handle } = start(
      [{ content: [use('c1', 'stuck'), use('c2', 'quick')] }, { content: [text('OK.')] }],
      [stuck, quick],
      {
        toolTimeoutMs: 1_000,
      },
    );
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-call-end' && event.callId === 'c2') environment.advance(1_000);
    });
    const ends = new Map(filterEvents(events, 'tool-call-end').map((event) => [event.callId, event]));
    expect(ends.get('c1')).toMatchObject({
      status: 'timeout',
      isError: true,
      content: [text('Tool timed out after 1 s (run limit)')],
    });
    expect(ends.get('c1')?.timing).toEqual({ queuedAt: 1_000_000, startedAt: 1_000_000, endedAt: 1_001_000 });
    expect(ends.get('c2')?.status).toBe('ok');
    expect(seenSignal?.aborted).toBe(true);
    expect(environment.pendingTimers()).toBe(0);
    expect(result.finishReason).toBe('end_turn');
    expect(findRunProblems(events, result)).toEqual([]);
  });
});

describe('runToolLoop: redacted thinking and documents', () => {
  it('sends redacted thinking back in the next request and passes a PDF result through whole', async () => {
    const pdf = { type: 'base64' as const, media_type: 'application/pdf' as const, data: 'JVBERi0xLjQ=' };
    const reader = createInMemoryTool({
      name: 'report',
      run: () => ({ content: [{ type: 'document', source: pdf }] }),
    });
    const turn: ContentBlock[] = [{ type: 'redacted_thinking', data: 'opaque==' }, use('call_1', 'report')];
    const { model, handle } = start([{ content: turn }, { content: [text('Read it.')] }], [reader]);
    const { result } = await collectRun(handle);

    expect(result.finishReason).toBe('end_turn');
    expect(model.requests[1]?.messages[1]).toEqual({ role: 'assistant', content: turn });
    expect(model.requests[1]?.messages[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'document', source: pdf }] },
    ]);
    expect(result.messages[1]?.content[0]).toEqual({ type: 'redacted_thinking', data: 'opaque==' });
  });
});
