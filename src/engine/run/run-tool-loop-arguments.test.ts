import { describe, expect, it } from 'vitest';
import type { ModelStreamPart } from '../model/model';
import { collectRun } from '../testing/collect-run';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { createTestValidator, startRun, text, use } from '../testing/policy-test-kit';

const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'number' } },
  required: ['city'],
};
const weather = () =>
  createInMemoryTool({ name: 'weather', inputSchema: weatherSchema, run: (input) => `Sunny in ${String(input.city)}` });

describe('arguments: repair, validation, retry budget, name resolution', () => {
  it('invalid input gets the exact problem and never reaches the tool; the corrected call runs', async () => {
    const tool = weather();
    const validator = createTestValidator();
    const { handle } = startRun(
      [
        { content: [use('bad', 'weather', { city: 42 })] },
        { content: [use('good', 'weather', { city: 'Paris' })] },
        { content: [text('Sunny.')] },
      ],
      [tool],
      { validateInput: validator.factory },
    );
    const { events, result } = await collectRun(handle);
    expect(tool.calls).toEqual([{ city: 'Paris' }]);
    const ends = new Map(filterEvents(events, 'tool-call-end').map((end) => [end.callId, end]));
    expect(ends.get('bad')).toMatchObject({
      status: 'invalid-input',
      isError: true,
      content: [text(`Invalid input for tool 'weather': /city: Instance type "number" is invalid. Expected "string".`)],
    });
    expect(ends.get('good')?.status).toBe('ok');
    expect(validator.compiled()).toBe(1);
    expect(result.finishReason).toBe('end_turn');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('repairs trailing commas in streamed JSON and marks the call repaired', async () => {
    const tool = weather();
    const parts: ModelStreamPart[] = [
      { type: 'response-start' },
      { type: 'tool-use-start', index: 0, id: 'c1', name: 'weather' },
      { type: 'tool-input-delta', index: 0, partialJson: '{"city": "Paris",' },
      { type: 'tool-input-delta', index: 0, partialJson: ' "days": 2,}' },
      { type: 'block-end', index: 0 },
      { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } },
    ];
    const { events, result } = await collectRun(startRun([{ parts }, { content: [text('Done.')] }], [tool]).handle);
    expect(tool.calls).toEqual([{ city: 'Paris', days: 2 }]);
    expect(filterEvents(events, 'tool-call-start')[0]).toMatchObject({ repaired: true });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('after the retry budget the model is told to stop, and the tool is withheld for the next round', async () => {
    const tool = weather();
    const bad = (id: string) => ({ content: [use(id, 'weather', { days: 1 })] });
    const { model, handle } = startRun(
      [bad('b1'), bad('b2'), { content: [text('I could not get the weather.')] }],
      [tool],
      {
        validateInput: createTestValidator().factory,
        policies: { retryBudget: 2 },
      },
    );
    const { events, result } = await collectRun(handle);
    expect(tool.calls).toEqual([]);
    const second = filterEvents(events, 'tool-call-end')[1];
    expect(second?.content[0]).toEqual(
      text(
        `Invalid input for tool 'weather': /: Instance does not have required property "city".\nTool 'weather' got invalid input 2 times in a row. Stop calling it: it is withheld for the next round. Explain to the user what went wrong with its input instead.`,
      ),
    );
    // The only tool withheld: it stays defined with tool_choice none, as a history holding tool_use blocks needs
    // tools defined (the Messages API refuses it otherwise), and the model cannot call it.
    expect(
      model.requests.map((request) => [request.tools.map((definition) => definition.name), request.toolChoice]),
    ).toEqual([
      [['weather'], undefined],
      [['weather'], undefined],
      [['weather'], { type: 'none' }],
    ]);
    expect(filterEvents(events, 'policy-act').map((act) => act.policy)).toEqual(['retry-budget', 'tool-withheld']);
    expect(filterEvents(events, 'policy-act')[1]?.detail).toContain('they stay defined with tool_choice none');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('withholding one of two tools offers the other as usual; a withheld last tool comes back next round', async () => {
    const bad = (id: string) => ({ content: [use(id, 'weather', { days: 1 })] });
    const two = startRun(
      [bad('b1'), { content: [text('Let me try again.')] }],
      [weather(), createInMemoryTool({ name: 'clock', run: () => 'noon' })],
      { validateInput: createTestValidator().factory, policies: { retryBudget: 1 } },
    );
    await collectRun(two.handle);
    expect(two.model.requests[1]?.tools.map((definition) => definition.name)).toEqual(['clock']);
    expect(two.model.requests[1]?.toolChoice).toBeUndefined();

    // The model calls the withheld tool despite tool_choice none: the call is not executed, and the round after
    // offers the tool again with no tool choice.
    const tool = weather();
    const one = startRun(
      [bad('b1'), { content: [use('again', 'weather', { city: 'Paris' })] }, { content: [text('Sunny.')] }],
      [tool],
      { validateInput: createTestValidator().factory, policies: { retryBudget: 1 } },
    );
    const { events, result } = await collectRun(one.handle);
    expect(one.model.requests.map((request) => request.toolChoice)).toEqual([undefined, { type: 'none' }, undefined]);
    expect(filterEvents(events, 'tool-call-end').map((end) => end.status)).toEqual(['invalid-input', 'not-executed']);
    expect(tool.calls).toEqual([]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('resolves a unique case-insensitive name; an unknown name lists the tools and does not stop the others', async () => {
    const tool = weather();
    const calendar = createInMemoryTool({ name: 'Calendar', run: () => 'Free all day' });
    const { events, result } = await collectRun(
      startRun(
        [
          { content: [use('a', 'WEATHER', { city: 'Paris' }), use('b', 'forecast', {}), use('c', 'calendar')] },
          { content: [text('OK')] },
        ],
        [tool, calendar],
      ).handle,
    );
    const ends = new Map(filterEvents(events, 'tool-call-end').map((end) => [end.callId, end]));
    expect(ends.get('a')).toMatchObject({ status: 'ok', content: [text('Sunny in Paris')] });
    expect(ends.get('b')).toMatchObject({
      status: 'not-found',
      content: [text("Tool 'forecast' is not available. Available tools: weather, Calendar")],
    });
    expect(ends.get('c')?.status).toBe('ok');
    expect(filterEvents(events, 'policy-act').filter((act) => act.policy === 'name-resolution')).toHaveLength(2);
    expect(findRunProblems(events, result)).toEqual([]);
  });
});

describe('results: duplicates, truncation, retryable', () => {
  it('identical calls in one round to a read-only tool run once and share the result', async () => {
    const lookup = createInMemoryTool({ name: 'lookup', annotations: { readOnlyHint: true }, run: () => 'found' });
    const { events } = await collectRun(
      startRun(
        [{ content: [use('a', 'lookup', { q: 'x' }), use('b', 'lookup', { q: 'x' })] }, { content: [text('OK')] }],
        [lookup],
        {
          policies: { eagerStart: false },
        },
      ).handle,
    );
    expect(lookup.calls).toHaveLength(1);
    expect(filterEvents(events, 'tool-call-end').map((end) => [end.callId, end.status, end.content])).toEqual([
      ['a', 'ok', [text('found')]],
      ['b', 'ok', [text('found')]],
    ]);
    expect(filterEvents(events, 'policy-act')[0]).toMatchObject({ policy: 'duplicate', callId: 'b' });
  });

  it('across rounds the third identical call: warn runs it with a note, block answers duplicate, off runs it', async () => {
    const replies = (_request: unknown, index: number) =>
      index < 3 ? { content: [use(`c${index}`, 'echo', { q: 1 })] } : { content: [text('OK')] };
    const run = async (duplicates: 'off' | 'warn' | 'block') => {
      const tool = createInMemoryTool({ name: 'echo', run: () => 'same' });
      const { events } = await collectRun(
        startRun(replies, [tool], { policies: { duplicates, loopGuardRepeats: 0 } }).handle,
      );
      return { calls: tool.calls.length, third: filterEvents(events, 'tool-call-end')[2] };
    };
    const warn = await run('warn');
    expect(warn.calls).toBe(3);
    expect(warn.third?.content.at(-1)).toEqual(
      text(
        "Note: this exact call of 'echo' was already made 2 times in this run with the same result. Use that result instead of calling again.",
      ),
    );
    const block = await run('block');
    expect(block.calls).toBe(2);
    expect(block.third).toMatchObject({ status: 'duplicate', isError: true });
    expect(JSON.stringify(block.third?.content)).toContain('Its last result:\\nsame');
    const off = await run('off');
    expect(off).toMatchObject({ calls: 3, third: { status: 'ok', content: [text('same')] } });
  });

  it('cuts a very large result with a marker and keeps the full payload for the trace', async () => {
    const big = createInMemoryTool({ name: 'big', run: () => 'x'.repeat(500) });
    const { events, result } = await collectRun(
      startRun([{ content: [use('b', 'big')] }, { content: [text('OK')] }], [big], {
        policies: { maxResultChars: 200 },
      }).handle,
    );
    const [end] = filterEvents(events, 'tool-call-end');
    expect(end?.status).toBe('truncated');
    expect(end?.content).toEqual([
      text('x'.repeat(200)),
      text(
        '[… result cut: the first 200 of 500 characters are shown. Ask for less (a filter, a page) if you need the rest.]',
      ),
    ]);
    expect(end?.fullContent).toEqual([text('x'.repeat(500))]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('decides retryable from structured codes, falling back to the text only without a code', async () => {
    const tools = [
      createInMemoryTool({
        name: 'busy',
        run: () => ({ content: [text('try later')], isError: true, errorCode: 503 }),
      }),
      createInMemoryTool({
        name: 'wrong',
        run: () => ({ content: [text('temporarily unavailable')], isError: true, errorCode: -32602 }),
      }),
      createInMemoryTool({ name: 'vague', run: () => ({ content: [text('Rate limit exceeded')], isError: true }) }),
      createInMemoryTool({
        name: 'thrown',
        run: () => {
          throw Object.assign(new Error('socket closed'), { code: 'ECONNRESET' });
        },
      }),
    ];
    const { events } = await collectRun(
      startRun([{ content: tools.map((tool) => use(tool.name, tool.name)) }, { content: [text('OK')] }], tools).handle,
    );
    const retryable = Object.fromEntries(
      filterEvents(events, 'tool-call-end').map((end) => [end.callId, end.retryable]),
    );
    expect(retryable).toEqual({ busy: true, wrong: false, vague: true, thrown: true });
  });
});
