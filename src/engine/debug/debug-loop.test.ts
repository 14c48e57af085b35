import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { debugRun } from '../testing/debug-driver';
import { filterEvents } from '../testing/filter-events';
import { createInMemoryTool } from '../testing/in-memory-tool';
import type { ScriptedReply } from '../testing/scripted-model';
import { resultsOf, text, use, weatherReplies, weatherTool } from '../testing/weather-fixture';

const validateInput = (schema: Record<string, unknown>, input: Record<string, unknown>) => {
  const result = new Validator(schema, '2020-12', false).validate(input);
  return result.valid
    ? undefined
    : result.errors.map((error) => `${error.instanceLocation}: ${error.error}`).join('; ');
};

describe('step mode: every pause point holds the loop', () => {
  it('stops before the request, after the reply, before and after the call, in order', async () => {
    const tool = weatherTool();
    const driver = debugRun({ replies: weatherReplies, tools: [tool] });
    await driver.send('What should I wear?').expectPause('before-request');
    expect(driver.model.requests).toHaveLength(0);
    await driver.step().expectPause('after-reply');
    expect(driver.model.requests).toHaveLength(1);
    await driver.step().expectPause('before-tool', 'weather');
    expect(tool.calls).toHaveLength(0);
    await driver.step().expectPause('after-tool', 'weather');
    expect(tool.calls).toEqual([{ city: 'Paris' }]);
    await driver.step().expectPause('before-request');
    expect(driver.model.requests).toHaveLength(1);
    const { pauses, events } = await driver.step().expectPause('after-reply').step().expectEnd('end_turn');
    expect(pauses.map((pause) => pause.kind)).toEqual([
      'before-request',
      'after-reply',
      'before-tool',
      'after-tool',
      'before-request',
      'after-reply',
    ]);
    expect(pauses.every((pause) => pause.reasons.some((reason) => reason.kind === 'step'))).toBe(true);
    expect(filterEvents(events, 'pause-start')).toHaveLength(6);
    expect(filterEvents(events, 'pause-end').map((event) => event.decision)).toEqual(Array(6).fill('continue'));
  });

  it('shows the exact pending request at before-request', async () => {
    await debugRun({ replies: weatherReplies, tools: [weatherTool()], extra: { system: 'Be brief.', maxTokens: 99 } })
      .send('Hi')
      .inspectPause((point) => {
        if (point.kind !== 'before-request') throw new Error(point.kind);
        expect(point.request).toMatchObject({ system: 'Be brief.', maxTokens: 99, messages: [{ role: 'user' }] });
        expect(point.request.tools.map((tool) => tool.name)).toEqual(['weather']);
      })
      .continue()
      .expectEnd('end_turn');
  });

  it('Continue runs to the end; stepping over a round stops only before requests', async () => {
    const over = await debugRun({ replies: weatherReplies, tools: [weatherTool()] })
      .send('Hi')
      .stepOverRound()
      .expectPause('before-request')
      .inspectPause((point) => expect(point.round).toBe(2))
      .continue()
      .expectEnd('end_turn');
    expect(over.pauses.map((pause) => pause.kind)).toEqual(['before-request', 'before-request']);
  });

  it('Pause while running stops at the next point', async () => {
    let release: () => void = () => undefined;
    const slow = createInMemoryTool({
      name: 'weather',
      run: () => new Promise<string>((resolve) => (release = () => resolve('Rain'))),
    });
    const driver = debugRun({ replies: weatherReplies, tools: [slow], policy: { mode: 'run' } });
    await driver.send('Hi');
    while (slow.calls.length === 0) await Promise.resolve();
    await driver.pauseSoon();
    release();
    await driver.expectPause('after-tool', 'weather').continue().expectEnd('end_turn');
  });

  it('parallel calls pause one at a time, in the model order', async () => {
    const a = createInMemoryTool({ name: 'a', run: () => 'A' });
    const b = createInMemoryTool({ name: 'b', run: () => 'B' });
    const { pauses } = await debugRun({
      replies: [{ content: [use('ca', 'a'), use('cb', 'b')] }, { content: [text('Done')] }],
      tools: [a, b],
      policy: {
        mode: 'run',
        breakpoints: [
          { id: 'x', enabled: true, kind: 'tool', toolName: 'a' },
          { id: 'y', enabled: true, kind: 'tool', toolName: 'b' },
        ],
      },
    })
      .send('Hi')
      .expectPause('before-tool', 'a')
      .continue()
      .expectPause('before-tool', 'b')
      .continue()
      .expectEnd('end_turn');
    expect(pauses).toHaveLength(2);
  });
});

describe('edits at a pause', () => {
  it('edits the pending request: the model receives it, the history keeps it, later rounds keep system', async () => {
    const { model, events } = await debugRun({
      replies: weatherReplies,
      tools: [weatherTool()],
      extra: { system: 'Old' },
    })
      .send('Hi')
      .expectPause('before-request')
      .editRequest({
        system: 'New system',
        messages: [{ role: 'user', content: [text('What should I wear in Oslo?')] }],
        maxTokens: 123,
        temperature: 0.5,
        toolChoice: { type: 'any' },
      })
      .continue()
      .expectEnd('end_turn');
    expect(model.requests[0]).toMatchObject({
      system: 'New system',
      maxTokens: 123,
      temperature: 0.5,
      toolChoice: { type: 'any' },
      messages: [{ role: 'user', content: [text('What should I wear in Oslo?')] }],
    });
    expect(model.requests[1]?.system).toBe('New system');
    expect(model.requests[1]?.messages[0]).toEqual({ role: 'user', content: [text('What should I wear in Oslo?')] });
    const edits = filterEvents(events, 'edit-apply');
    expect(edits.map((edit) => edit.what)).toEqual([
      'request.system',
      'request.messages',
      'request.maxTokens',
      'request.temperature',
      'request.toolChoice',
    ]);
    expect(edits[0]).toMatchObject({ before: 'Old', after: 'New system', round: 1 });
    expect(edits[0]?.request).toMatchObject({ system: 'New system', maxTokens: 123 });
  });

  it('repairs edited messages, so the request sent is always valid', async () => {
    const { model } = await debugRun({ replies: [{ content: [text('ok')] }] })
      .send('Hi')
      .editRequest({
        messages: [
          { role: 'user', content: [text('a')] },
          { role: 'user', content: [text('b')] },
        ],
      })
      .continue()
      .expectEnd('end_turn');
    expect(model.requests[0]?.messages).toEqual([{ role: 'user', content: [text('a'), text('b')] }]);
  });

  it("edits a call's input: the tool runs with the edited input", async () => {
    const tool = weatherTool();
    const { events } = await debugRun({ replies: weatherReplies, tools: [tool], validateInput })
      .send('Hi')
      .continue()
      .setPolicy({ mode: 'run', breakpoints: [{ id: 'w', enabled: true, kind: 'tool', toolName: 'weather' }] })
      .expectPause('before-tool', 'weather')
      .editInput({ city: 'Oslo' })
      .expectEnd('end_turn');
    expect(tool.calls).toEqual([{ city: 'Oslo' }]);
    expect(filterEvents(events, 'tool-call-start')[0]?.input).toEqual({ city: 'Oslo' });
    expect(filterEvents(events, 'edit-apply')[0]).toMatchObject({
      what: 'input',
      callId: 'c1',
      before: { city: 'Paris' },
      after: { city: 'Oslo' },
    });
  });

  it('validates an edited input again: a bad edit never reaches the tool', async () => {
    const tool = weatherTool();
    const driver = debugRun({
      replies: weatherReplies,
      tools: [tool],
      validateInput,
      policy: { mode: 'run', breakpoints: [{ id: 'w', enabled: true, kind: 'tool', toolName: 'weather' }] },
    });
    const { model } = await driver.send('Hi').editInput({ town: 'Oslo' }).expectEnd('end_turn');
    expect(tool.calls).toEqual([]);
    const [result] = resultsOf(model.requests[1]);
    expect(result).toMatchObject({ is_error: true });
    expect(JSON.stringify(result?.content)).toMatch(/city|town/);
    expect(filterEvents(driver.events, 'tool-call-end')[0]?.status).toBe('invalid-input');
  });

  it('overrides a result before it goes back: the model receives the edited one', async () => {
    const { model, events } = await debugRun({
      replies: weatherReplies,
      tools: [weatherTool()],
      policy: { mode: 'run', breakpoints: [{ id: 'e', enabled: true, kind: 'tool', toolName: 'weather' }] },
    })
      .send('Hi')
      .expectPause('before-tool')
      .step()
      .expectPause('after-tool')
      .editResult('Snowing in Paris, -5°C')
      .continue()
      .expectEnd('end_turn');
    expect(resultsOf(model.requests[1])).toEqual([
      { type: 'tool_result', tool_use_id: 'c1', content: [text('Snowing in Paris, -5°C')] },
    ]);
    expect(filterEvents(events, 'tool-call-end')[0]?.content).toEqual([text('Sunny in Paris')]);
    expect(filterEvents(events, 'edit-apply')[0]).toMatchObject({
      what: 'result',
      before: [text('Sunny in Paris')],
      after: [text('Snowing in Paris, -5°C')],
      status: 'ok',
    });
  });

  it('an edited result can be turned into an error', async () => {
    const { model } = await debugRun({ replies: weatherReplies, tools: [weatherTool()] })
      .send('Hi')
      .step()
      .step()
      .step()
      .expectPause('after-tool')
      .editResult('Service unavailable', true)
      .continue()
      .expectEnd('end_turn');
    expect(resultsOf(model.requests[1])[0]).toMatchObject({ is_error: true, content: [text('Service unavailable')] });
  });

  it('skips a call and gives its result by hand', async () => {
    const tool = weatherTool();
    const { model, events } = await debugRun({ replies: weatherReplies, tools: [tool] })
      .send('Hi')
      .step()
      .step()
      .expectPause('before-tool')
      .skipCall('{"temperatureC": 30}')
      .continue()
      .expectEnd('end_turn');
    expect(tool.calls).toEqual([]);
    expect(resultsOf(model.requests[1])[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'c1',
      content: [text('{"temperatureC": 30}')],
    });
    expect(filterEvents(events, 'edit-apply')[0]).toMatchObject({ what: 'skip', before: null, status: 'ok' });
    expect(filterEvents(events, 'tool-call-start')).toHaveLength(0);
  });

  it('a hand-given error result is sent as an error', async () => {
    const { model } = await debugRun({ replies: weatherReplies, tools: [weatherTool()] })
      .send('Hi')
      .step()
      .step()
      .skipCall('Quota exceeded', true)
      .continue()
      .expectEnd('end_turn');
    expect(resultsOf(model.requests[1])[0]).toMatchObject({ is_error: true, content: [text('Quota exceeded')] });
  });

  it('an edit fixes a call whose input was invalid JSON', async () => {
    const tool = weatherTool();
    const broken: ScriptedReply = {
      parts: [
        { type: 'response-start', id: 'm' },
        { type: 'tool-use-start', index: 0, id: 'c1', name: 'weather' },
        { type: 'tool-input-delta', index: 0, partialJson: '{"city": Par' },
        { type: 'block-end', index: 0 },
        { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } },
      ],
    };
    await debugRun({ replies: [broken, { content: [text('ok')] }], tools: [tool], validateInput })
      .send('Hi')
      .step()
      .step()
      .inspectPause((point) => expect(point.kind === 'before-tool' && point.problem).toBeTruthy())
      .editInput({ city: 'Paris' })
      .continue()
      .expectEnd('end_turn');
    expect(tool.calls).toEqual([{ city: 'Paris' }]);
  });
});

describe('breakpoints', () => {
  const twoTools = () => [
    weatherTool(),
    createInMemoryTool({ name: 'advice', run: () => ({ content: [text('no idea')], isError: true }) }),
  ];
  const replies: ScriptedReply[] = [
    { content: [use('c1', 'weather', { city: 'Paris' })] },
    { content: [use('c2', 'advice')] },
    { content: [text('Done')], stopReason: 'end_turn' },
  ];

  it('on a tool: stops before that tool only, and says which breakpoint', async () => {
    const { pauses } = await debugRun({
      replies,
      tools: twoTools(),
      policy: { mode: 'run', breakpoints: [{ id: 'bp', enabled: true, kind: 'tool', toolName: 'advice' }] },
    })
      .send('Hi')
      .expectPause('before-tool', 'advice')
      .continue()
      .expectEnd('end_turn');
    expect(pauses).toHaveLength(1);
    expect(pauses[0]?.reasons).toEqual([{ kind: 'breakpoint', breakpointId: 'bp', label: 'tool advice' }]);
  });

  it('on any tool error: stops after the failing call', async () => {
    await debugRun({
      replies,
      tools: twoTools(),
      policy: { mode: 'run', breakpoints: [{ id: 'e', enabled: true, kind: 'tool-error' }] },
    })
      .send('Hi')
      .expectPause('after-tool', 'advice')
      .continue()
      .expectEnd('end_turn');
  });

  it('on a stop reason and on round N', async () => {
    const { pauses } = await debugRun({
      replies,
      tools: twoTools(),
      policy: {
        mode: 'run',
        breakpoints: [
          { id: 's', enabled: true, kind: 'stop-reason', stopReason: 'end_turn' },
          { id: 'r', enabled: true, kind: 'round', round: 2 },
        ],
      },
    })
      .send('Hi')
      .expectPause('before-request')
      .continue()
      .expectPause('after-reply')
      .continue()
      .expectEnd('end_turn');
    expect(pauses.map((pause) => [pause.kind, pause.round])).toEqual([
      ['before-request', 2],
      ['after-reply', 3],
    ]);
  });

  it('a disabled breakpoint does not stop, and a breakpoint removed while paused no longer stops', async () => {
    const { pauses } = await debugRun({
      replies,
      tools: twoTools(),
      policy: {
        mode: 'run',
        breakpoints: [
          { id: 'off', enabled: false, kind: 'tool', toolName: 'weather' },
          { id: 'r', enabled: true, kind: 'round', round: 1 },
          { id: 'r2', enabled: true, kind: 'round', round: 2 },
        ],
      },
    })
      .send('Hi')
      .expectPause('before-request')
      .setPolicy({ breakpoints: [] })
      .continue()
      .expectEnd('end_turn');
    expect(pauses).toHaveLength(1);
  });
});
