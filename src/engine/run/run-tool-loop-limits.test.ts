import { describe, expect, it } from 'vitest';
import type { TextBlock, ToolResultBlock } from '../message/message';
import { collectRun } from '../testing/collect-run';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { startRun, text, use } from '../testing/policy-test-kit';
import { BUDGET_NOT_EXECUTED_TEXT } from './finish-at-limit';

const echo = () => createInMemoryTool({ name: 'echo', run: (input) => `echo ${JSON.stringify(input)}` });
/** A model that never stops asking for tools, each time with new arguments. */
const forever = (_request: unknown, index: number) => ({ content: [use(`c${index}`, 'echo', { n: index })] });

describe('limits and the at-limit behaviour', () => {
  it('final-answer: results first, a note, then one request with the tools kept and tool_choice none', async () => {
    const { model, handle } = startRun(
      (request, index) =>
        request.toolChoice?.type === 'none' ? { content: [text('Best guess: a jacket.')] } : forever(request, index),
      [echo()],
      { maxRounds: 2 },
    );
    const { events, result } = await collectRun(handle);
    expect(model.requests).toHaveLength(3);
    const final = model.requests[2];
    expect(final?.toolChoice).toEqual({ type: 'none' });
    expect(final?.tools.map((tool) => tool.name)).toEqual(['echo']);
    const last = final?.messages.at(-1);
    expect(last?.content.map((block) => block.type)).toEqual(['tool_result', 'text']);
    expect((last?.content[1] as TextBlock).text).toMatch(/reached its limit: 2 rounds.*Answer the user now/);
    expect(filterEvents(events, 'limit-reached')).toEqual([
      expect.objectContaining({ limit: 'rounds', value: 2, behaviour: 'final-answer', detail: '2 rounds' }),
    ]);
    expect(filterEvents(events, 'policy-act').map((act) => act.policy)).toContain('final-answer');
    expect(result.finishReason).toBe('limit:rounds');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: [text('Best guess: a jacket.')] });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('final-answer: a tool call in the final reply is answered "not executed", never run', async () => {
    const tool = echo();
    const { handle } = startRun(forever, [tool], { maxRounds: 1 });
    const { events, result } = await collectRun(handle);
    expect(tool.calls).toHaveLength(1);
    const ends = filterEvents(events, 'tool-call-end').filter((end) => end.round === 2);
    expect(ends).toEqual([
      expect.objectContaining({ status: 'not-executed', content: [text(BUDGET_NOT_EXECUTED_TEXT)] }),
    ]);
    expect(result.finishReason).toBe('limit:rounds');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('fallback-brief: the whole context as one Markdown user message to a fresh request without tools', async () => {
    const failing = createInMemoryTool({
      name: 'lookup',
      run: () => ({ content: [text('server down')], isError: true }),
    });
    const { model, handle } = startRun(
      (request, index) =>
        request.tools.length === 0
          ? { content: [text('Voici ma réponse.')] }
          : { content: [use(`c${index}`, 'lookup', { q: index })] },
      [failing],
      { maxRounds: 1, system: 'Be brief.', policies: { atLimit: 'fallback-brief' } },
    );
    const { events, result } = await collectRun(handle);
    const brief = model.requests[1];
    expect(brief?.tools).toEqual([]);
    expect(brief?.system).toMatch(/in the user's language/);
    expect(brief?.messages).toHaveLength(1);
    const markdown = (brief?.messages[0]?.content[0] as TextBlock).text;
    expect(markdown).toMatch(/^# Brief/);
    expect(markdown).toContain('## Assistant context\n\nBe brief.');
    expect(markdown).toContain('### User\n\nWhat should I wear in Paris?');
    expect(markdown).toContain('Result of `lookup`: Error: server down');
    expect(result.finishReason).toBe('limit:rounds');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: [text('Voici ma réponse.')] });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('stop: ends with the limit as the finish reason and no further request', async () => {
    const { model, handle } = startRun(forever, [echo()], { maxRounds: 3, policies: { atLimit: 'stop' } });
    const { events, result } = await collectRun(handle);
    expect(model.requests).toHaveLength(3);
    expect(result.finishReason).toBe('limit:rounds');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('max tool calls per run: calls past the budget are not executed, then limit:tool-calls', async () => {
    const tool = echo();
    const { handle } = startRun(
      [
        { content: [use('a', 'echo', { n: 1 }), use('b', 'echo', { n: 2 }), use('c', 'echo', { n: 3 })] },
        { content: [text('Done.')] },
      ],
      [tool],
      { policies: { limits: { maxToolCalls: 2 }, atLimit: 'final-answer' } },
    );
    const { events, result } = await collectRun(handle);
    expect(tool.calls).toEqual([{ n: 1 }, { n: 2 }]);
    const ends = new Map(filterEvents(events, 'tool-call-end').map((end) => [end.callId, end]));
    expect(ends.get('c')).toMatchObject({
      status: 'not-executed',
      content: [text('Not executed: budget reached (2 tool calls per run).')],
    });
    expect(filterEvents(events, 'limit-reached')[0]).toMatchObject({ limit: 'tool-calls', value: 2 });
    expect(result.finishReason).toBe('limit:tool-calls');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('max tool calls per round: the rest of the round is not executed and the loop goes on', async () => {
    const tool = echo();
    const { events, result } = await collectRun(
      startRun(
        [
          { content: [use('a', 'echo', { n: 1 }), use('b', 'echo', { n: 2 })] },
          { content: [use('c', 'echo', { n: 3 })] },
          { content: [text('Done.')] },
        ],
        [tool],
        { policies: { limits: { maxToolCallsPerRound: 1 } } },
      ).handle,
    );
    expect(tool.calls).toEqual([{ n: 1 }, { n: 3 }]);
    expect(filterEvents(events, 'policy-act')).toContainEqual(
      expect.objectContaining({ policy: 'tool-call-cap', round: 1 }),
    );
    expect(result.finishReason).toBe('end_turn');
  });

  it('wall time, tokens and cost end the run with their own finish reasons', async () => {
    const slowClock = startRun(forever, [echo()], { policies: { limits: { wallTimeMs: 500 }, atLimit: 'stop' } });
    const wall = await collectRun(slowClock.handle, (event) => {
      if (event.type === 'round-end') slowClock.environment.advance(300);
    });
    expect(wall.result.finishReason).toBe('limit:wall-time');
    expect(filterEvents(wall.events, 'limit-reached')[0]).toMatchObject({ limit: 'wall-time', value: 500 });

    const tokens = await collectRun(
      startRun(forever, [echo()], { policies: { limits: { maxTotalTokens: 40 }, atLimit: 'stop' } }).handle,
    );
    // 15 tokens a reply (10 in, 5 out): the budget of 40 is reached after the third reply.
    expect(tokens.result).toMatchObject({ finishReason: 'limit:tokens', rounds: 3 });

    const price = { input: 1_000, output: 2_000 };
    const cost = await collectRun(
      startRun(forever, [echo()], { price, policies: { limits: { maxCostUsd: 0.05 }, atLimit: 'stop' } }).handle,
    );
    // Each reply costs 10·0.001 + 5·0.002 = $0.02: the third one reaches $0.05.
    expect(cost.result).toMatchObject({ finishReason: 'limit:cost', rounds: 3 });
    expect(filterEvents(cost.events, 'limit-reached')[0]?.detail).toBe('$0.0600 of $0.05');
  });

  it('no round limit: a token or cost budget ends a run long past max rounds; without one max rounds holds', async () => {
    const limits = { maxTotalTokens: 15 * 25, noRoundLimit: true };
    const tokens = await collectRun(
      startRun(forever, [echo()], { maxRounds: 3, policies: { limits, atLimit: 'stop' } }).handle,
    );
    // 15 tokens a reply: the budget is reached after the 25th reply, not at the third round.
    expect(tokens.result).toMatchObject({ finishReason: 'limit:tokens', rounds: 25 });
    expect(findRunProblems(tokens.events, tokens.result)).toEqual([]);

    // A cost budget with no price never acts, so it does not lift the round limit.
    const unpriced = { maxCostUsd: 1, noRoundLimit: true };
    const rounds = await collectRun(
      startRun(forever, [echo()], { maxRounds: 3, policies: { limits: unpriced, atLimit: 'stop' } }).handle,
    );
    expect(rounds.result).toMatchObject({ finishReason: 'limit:rounds', rounds: 3 });
  });

  it('loop guard: the same call three times is limit:loop', async () => {
    const { handle } = startRun(
      (_request, index) => ({ content: [use(`c${index}`, 'echo', { city: 'Paris' })] }),
      [echo()],
      {
        policies: { duplicates: 'off', atLimit: 'stop' },
      },
    );
    const { events, result } = await collectRun(handle);
    expect(result).toMatchObject({ finishReason: 'limit:loop', rounds: 3 });
    expect(filterEvents(events, 'limit-reached')[0]?.detail).toBe('the same call 3 times: echo {"city":"Paris"}');
  });

  it('loop guard: the same error three times in a row is limit:loop; 0 turns the guard off', async () => {
    const broken = createInMemoryTool({ name: 'broken', run: () => ({ content: [text('disk full')], isError: true }) });
    const replies = (_request: unknown, index: number) => ({
      content: [use(`c${index}`, 'broken', { attempt: index })],
    });
    const guarded = await collectRun(startRun(replies, [broken], { policies: { atLimit: 'stop' } }).handle);
    expect(guarded.result).toMatchObject({ finishReason: 'limit:loop', rounds: 3 });
    expect(filterEvents(guarded.events, 'limit-reached')[0]?.detail).toMatch(
      /the same error 3 times in a row: disk full/,
    );
    const unguarded = await collectRun(
      startRun(replies, [broken], { maxRounds: 5, policies: { atLimit: 'stop', loopGuardRepeats: 0 } }).handle,
    );
    expect(unguarded.result).toMatchObject({ finishReason: 'limit:rounds', rounds: 5 });
  });

  it('direct output: a marked tool ends the run with its result; the history stays valid', async () => {
    const report = createInMemoryTool({ name: 'report', run: () => 'The final report.' });
    const { model, handle } = startRun([{ content: [use('r1', 'report')] }], [report], {
      policies: { directOutputTools: ['report'] },
    });
    const { events, result } = await collectRun(handle);
    expect(model.requests).toHaveLength(1);
    expect(result.finishReason).toBe('direct-output');
    expect((result.messages.at(-1)?.content[0] as ToolResultBlock).content).toEqual([text('The final report.')]);
    expect(filterEvents(events, 'policy-act').map((act) => act.policy)).toEqual(['direct-output']);
    expect(findRunProblems(events, result)).toEqual([]);
  });
});
