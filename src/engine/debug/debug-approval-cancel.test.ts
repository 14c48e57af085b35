import { describe, expect, it } from 'vitest';
import { repairHistory } from '../message/repair-history';
import { debugRun } from '../testing/debug-driver';
import { filterEvents } from '../testing/filter-events';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { resultsOf, text, use, weatherReplies, weatherTool } from '../testing/weather-fixture';
import { POLICY_DENIED_TEXT } from './create-debug-session';

describe('approval', () => {
  const mcp = (readOnly: boolean) =>
    weatherTool({
      origin: { kind: 'mcp', serverId: 's', serverName: 'demo', toolName: 'weather' },
      annotations: { readOnlyHint: readOnly },
    });

  it('asks before an MCP tool that is not read-only, and runs it once approved', async () => {
    const tool = mcp(false);
    const { pauses } = await debugRun({
      replies: weatherReplies,
      tools: [tool],
      policy: { mode: 'run', approval: { enabled: true, tools: {} } },
    })
      .send('Hi')
      .expectPause('before-tool', 'weather')
      .continue()
      .expectEnd('end_turn');
    expect(pauses[0]?.reasons).toEqual([{ kind: 'approval', toolName: 'weather' }]);
    expect(tool.calls).toHaveLength(1);
  });

  it('does not ask for read-only tools, nor when approval is off', async () => {
    for (const policy of [
      { mode: 'run' as const, approval: { enabled: true, tools: {} } },
      { mode: 'run' as const, approval: { enabled: false, tools: { weather: 'ask' as const } } },
    ]) {
      const tool = policy.approval.enabled ? mcp(true) : mcp(false);
      const { pauses } = await debugRun({ replies: weatherReplies, tools: [tool], policy })
        .send('Hi')
        .expectEnd('end_turn');
      expect(pauses).toHaveLength(0);
      expect(tool.calls).toHaveLength(1);
    }
  });

  it('deny with a message: the call does not run, the model reads the message, status denied', async () => {
    const tool = mcp(false);
    const { model, events } = await debugRun({
      replies: weatherReplies,
      tools: [tool],
      policy: { mode: 'run', approval: { enabled: true, tools: {} } },
    })
      .send('Hi')
      .deny('Use Oslo instead')
      .expectEnd('end_turn');
    expect(tool.calls).toEqual([]);
    expect(filterEvents(events, 'tool-call-end')[0]).toMatchObject({ status: 'denied', isError: true });
    expect(resultsOf(model.requests[1])[0]).toMatchObject({
      is_error: true,
      content: [text('The user denied this call: Use Oslo instead')],
    });
  });

  it('edit then approve runs the edited arguments', async () => {
    const tool = mcp(false);
    await debugRun({
      replies: weatherReplies,
      tools: [tool],
      policy: { mode: 'run', approval: { enabled: true, tools: {} } },
    })
      .send('Hi')
      .editInput({ city: 'Rome' })
      .expectEnd('end_turn');
    expect(tool.calls).toEqual([{ city: 'Rome' }]);
  });

  it('a tool set to deny is refused without a pause; auto overrides the default ask', async () => {
    const denied = mcp(false);
    const { pauses, events } = await debugRun({
      replies: weatherReplies,
      tools: [denied],
      policy: { mode: 'run', approval: { enabled: true, tools: { weather: 'deny' } } },
    })
      .send('Hi')
      .expectEnd('end_turn');
    expect(pauses).toHaveLength(0);
    expect(denied.calls).toHaveLength(0);
    expect(filterEvents(events, 'tool-call-end')[0]).toMatchObject({
      status: 'denied',
      content: [text(POLICY_DENIED_TEXT)],
    });

    const auto = mcp(false);
    const second = await debugRun({
      replies: weatherReplies,
      tools: [auto],
      policy: { mode: 'run', approval: { enabled: true, tools: { weather: 'auto' } } },
    })
      .send('Hi')
      .expectEnd('end_turn');
    expect(second.pauses).toHaveLength(0);
    expect(auto.calls).toHaveLength(1);
  });
});

describe('cancel at any pause leaves a valid history', () => {
  const kinds = ['before-request', 'after-reply', 'before-tool', 'after-tool'] as const;
  for (const [index, kind] of kinds.entries()) {
    for (const how of ['stop', 'cancel'] as const) {
      it(`${how} at ${kind}`, async () => {
        const tool = weatherTool();
        let driver = debugRun({ replies: weatherReplies, tools: [tool] }).send('Hi');
        for (let step = 0; step < index; step += 1) driver = driver.step();
        driver = driver.expectPause(kind);
        driver = how === 'stop' ? driver.stop() : driver.cancel();
        const { events, result } = await driver.expectEnd('aborted');
        const history = result?.messages ?? [];
        expect(repairHistory(history).changes).toEqual([]);
        const end = filterEvents(events, 'tool-call-end')[0];
        if (kind === 'after-reply' || kind === 'before-tool') expect(end?.status).toBe('not-executed');
        if (kind === 'after-tool') expect(end?.status).toBe('ok');
        expect(tool.calls).toHaveLength(kind === 'after-tool' ? 1 : 0);
      });
    }
  }

  it('a call still running when another is stopped at its result is cancelled', async () => {
    const quick = createInMemoryTool({ name: 'quick', run: () => 'fast' });
    const hang = createInMemoryTool({ name: 'hang', run: () => new Promise<string>(() => {}) });
    const { events } = await debugRun({
      replies: [{ content: [use('c1', 'hang'), use('c2', 'quick')] }],
      tools: [quick, hang],
      policy: { mode: 'run', breakpoints: [{ id: 'q', enabled: true, kind: 'tool', toolName: 'quick' }] },
    })
      .send('Hi')
      .expectPause('before-tool', 'quick')
      .setPolicy({ mode: 'step' })
      .step()
      .expectPause('after-tool', 'quick')
      .stop()
      .expectEnd('aborted');
    const statuses = Object.fromEntries(filterEvents(events, 'tool-call-end').map((end) => [end.name, end.status]));
    expect(statuses).toEqual({ hang: 'cancelled', quick: 'ok' });
  });

  it('a call waiting for its turn to pause is not executed when the run stops', async () => {
    const a = createInMemoryTool({ name: 'a', run: () => 'A' });
    const b = createInMemoryTool({ name: 'b', run: () => 'B' });
    const { events } = await debugRun({ replies: [{ content: [use('ca', 'a'), use('cb', 'b')] }], tools: [a, b] })
      .send('Hi')
      .step()
      .step()
      .expectPause('before-tool', 'a')
      .stop()
      .expectEnd('aborted');
    expect(filterEvents(events, 'tool-call-end').map((end) => end.status)).toEqual(['not-executed', 'not-executed']);
    expect(a.calls.length + b.calls.length).toBe(0);
  });
});
