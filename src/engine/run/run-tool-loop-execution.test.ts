import { describe, expect, it } from 'vitest';
import type { ModelStreamPart } from '../model/model';
import { collectRun } from '../testing/collect-run';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool, type InMemoryToolOptions } from '../testing/in-memory-tool';
import { flush, startRun, text, use } from '../testing/policy-test-kit';
import { toParts } from '../testing/scripted-model';
import type { Tool, ToolOutput } from '../tool/tool';

/** An MCP-like tool of `server`: each call waits for the test to release it. */
function mcpTool(server: string, name: string, options: Partial<InMemoryToolOptions> = {}) {
  const waiting: ((output: string | ToolOutput) => void)[] = [];
  let running = 0;
  let peak = 0;
  const tool = createInMemoryTool({
    name: `${server}__${name}`,
    run: () => {
      running += 1;
      peak = Math.max(peak, running);
      return new Promise<string | ToolOutput>((resolve) =>
        waiting.push((output) => {
          running -= 1;
          resolve(output);
        }),
      );
    },
    ...options,
  });
  const mcp: Tool = { ...tool, origin: { kind: 'mcp', serverId: server, serverName: server, toolName: name } };
  return {
    tool: mcp,
    calls: tool.calls,
    peak: () => peak,
    releaseAll: (output: string | ToolOutput = 'ok') => waiting.splice(0).forEach((done) => done(output)),
  };
}

/** Lets the loop run until `condition` holds (or a generous number of turns passed). */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 5_000 && !condition(); turn += 1) await Promise.resolve();
}

const calls = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => use(`${name}${index}`, name, { n: index }));

describe('execution: concurrency, order, waterfall', () => {
  it('caps calls overall and per server, commits in the model order and records queued calls', async () => {
    const a = mcpTool('alpha', 'get');
    const b = mcpTool('beta', 'get');
    const { handle } = startRun(
      [{ content: [...calls('alpha__get', 3), ...calls('beta__get', 2)] }, { content: [text('OK')] }],
      [a.tool, b.tool],
      {
        policies: { maxConcurrency: 3, maxConcurrencyPerServer: 2, eagerStart: false },
      },
    );
    const collected = collectRun(handle);
    await until(() => a.calls.length + b.calls.length === 3);
    await flush(40);
    expect(a.calls.length + b.calls.length).toBe(3);
    while (a.calls.length + b.calls.length < 5) {
      a.releaseAll();
      b.releaseAll();
      await flush(40);
    }
    a.releaseAll();
    b.releaseAll();
    const { events, result } = await collected;
    expect(a.peak()).toBe(2);
    expect(a.peak() + b.peak()).toBeLessThanOrEqual(3);
    expect(filterEvents(events, 'tool-call-queued').map((event) => event.callId)).toEqual([
      'alpha__get2',
      'beta__get1',
    ]);
    const commit = filterEvents(events, 'tool-results-commit')[0]?.message.content ?? [];
    expect(commit.map((block) => (block.type === 'tool_result' ? block.tool_use_id : ''))).toEqual([
      'alpha__get0',
      'alpha__get1',
      'alpha__get2',
      'beta__get0',
      'beta__get1',
    ]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('runs a tool or a server marked sequential one call at a time', async () => {
    for (const policies of [{ sequentialTools: ['alpha__get'] }, { sequentialServers: ['alpha'] }]) {
      const a = mcpTool('alpha', 'get');
      const collected = collectRun(
        startRun([{ content: calls('alpha__get', 3) }, { content: [text('OK')] }], [a.tool], { policies }).handle,
      );
      for (let round = 0; round < 4; round += 1) {
        await flush(40);
        a.releaseAll();
      }
      await collected;
      expect(a.peak()).toBe(1);
      expect(a.calls).toHaveLength(3);
    }
  });

  it('a tool that never resolves and ignores its signal times out; progress pushes the timeout back', async () => {
    const reporting = createInMemoryTool({
      name: 'reporting',
      timeoutMs: 1_000,
      run: (_input, context) =>
        new Promise(() => {
          context.onProgress({ progress: 1, total: 4, message: 'step 1' });
        }),
    });
    const { environment, handle } = startRun(
      [{ content: [use('r', 'reporting')] }, { content: [text('OK')] }],
      [reporting],
    );
    const { events } = await collectRun(handle, (event) => {
      if (event.type === 'tool-call-progress') environment.advance(1_000);
    });
    expect(filterEvents(events, 'tool-call-progress')[0]).toMatchObject({
      callId: 'r',
      progress: 1,
      total: 4,
      message: 'step 1',
    });
    const [end] = filterEvents(events, 'tool-call-end');
    expect(end).toMatchObject({
      status: 'timeout',
      content: [text('Tool timed out after 1 s (tool limit)')],
      retryable: true,
    });
  });

  it('re-runs calls that failed retryably in a parallel batch to one server, one by one', async () => {
    let concurrent = 0;
    let attempts = 0;
    const flaky = createInMemoryTool({
      name: 'svc__fetch',
      annotations: { readOnlyHint: true },
      run: async () => {
        attempts += 1;
        concurrent += 1;
        await Promise.resolve();
        const overloaded = concurrent > 1;
        concurrent -= 1;
        return overloaded ? { content: [text('overloaded')], isError: true, errorCode: 503 } : 'fine';
      },
    });
    const fatal = createInMemoryTool({
      name: 'svc__bad',
      run: () => ({ content: [text('bad params')], isError: true, errorCode: -32602 }),
    });
    const tools: Tool[] = [flaky, fatal].map((tool) => ({
      ...tool,
      origin: { kind: 'mcp', serverId: 's', serverName: 'svc', toolName: tool.name },
    }));
    const { events, result } = await collectRun(
      startRun(
        [
          { content: [use('f1', 'svc__fetch', { n: 1 }), use('f2', 'svc__fetch', { n: 2 }), use('x', 'svc__bad')] },
          { content: [text('OK')] },
        ],
        tools,
        {
          policies: { eagerStart: false },
        },
      ).handle,
    );
    expect(filterEvents(events, 'policy-act')).toContainEqual(
      expect.objectContaining({ policy: 'sequential-fallback' }),
    );
    const commit = filterEvents(events, 'tool-results-commit')[0]?.message.content ?? [];
    expect(
      commit.map((block) => (block.type === 'tool_result' ? [block.tool_use_id, block.is_error ?? false] : [])),
    ).toEqual([
      ['f1', false],
      ['f2', false],
      ['x', true],
    ]);
    // f1 and f2 overlapped: the first to resume saw two calls running and failed; it alone ran again.
    expect(attempts).toBe(4 - 1);
    expect(filterEvents(events, 'policy-act').find((act) => act.policy === 'sequential-fallback')?.detail).toBe(
      '1 of 3 parallel calls to svc failed retryably; running the read-only ones again one by one.',
    );
    expect(filterEvents(events, 'policy-act').find((act) => act.policy === 'call-retry')).toMatchObject({
      detail: 'Running it again once: svc__fetch is read-only and failed in a way a retry can help.',
    });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('runs a read-only call whose connection broke again once, and never one that may have had effects', async () => {
    const attempts = { read: 0, write: 0 };
    const lost = () =>
      Object.assign(new Error('Connection to `svc` lost during the call: the server closed it.'), {
        code: 'connection-lost',
      });
    const read = createInMemoryTool({
      name: 'svc__read',
      annotations: { readOnlyHint: true },
      run: () => {
        attempts.read += 1;
        if (attempts.read === 1) throw lost();
        return 'read again';
      },
    });
    const write = createInMemoryTool({
      name: 'svc__write',
      run: () => {
        attempts.write += 1;
        throw lost();
      },
    });
    const tools: Tool[] = [read, write].map((tool) => ({
      ...tool,
      origin: { kind: 'mcp', serverId: 's', serverName: 'svc', toolName: tool.name },
    }));
    for (const [name, id] of [
      ['svc__read', 'r'],
      ['svc__write', 'w'],
    ] as const) {
      const { events, result } = await collectRun(
        startRun([{ content: [use(id, name)] }, { content: [text('OK')] }], tools, {
          policies: { eagerStart: false },
        }).handle,
      );
      const ends = filterEvents(events, 'tool-call-end');
      const said = filterEvents(events, 'policy-act').filter((act) => act.policy === 'call-retry');
      if (name === 'svc__read') {
        expect(ends.map((end) => end.status)).toEqual(['tool-error', 'ok']);
        expect(said.map((act) => [act.callId, act.detail])).toEqual([
          ['r', 'Running it again once: svc__read is read-only and failed in a way a retry can help.'],
        ]);
      } else {
        expect(ends.map((end) => end.status)).toEqual(['tool-error']);
        expect(said).toMatchObject([
          {
            callId: 'w',
            detail: 'Not run again: svc__write is not marked read-only, so the failed call may have had effects.',
          },
        ]);
      }
      expect(findRunProblems(events, result)).toEqual([]);
    }
    expect(attempts).toEqual({ read: 2, write: 1 });
  });

  it('refreshes the catalogue between rounds (tools/list_changed) and says so', async () => {
    const first = createInMemoryTool({ name: 'first', run: () => 'one' });
    const second = createInMemoryTool({ name: 'second', run: () => 'two' });
    let catalogue: Tool[] = [first];
    const { model, handle } = startRun(
      [{ content: [use('a', 'first')] }, { content: [use('b', 'second')] }, { content: [text('OK')] }],
      [first],
      { getTools: () => catalogue },
    );
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-call-start') catalogue = [first, second];
    });
    expect(model.requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([
      ['first'],
      ['first', 'second'],
      ['first', 'second'],
    ]);
    expect(filterEvents(events, 'tools-update')).toHaveLength(1);
    expect(filterEvents(events, 'tool-call-end')[1]).toMatchObject({ callId: 'b', status: 'ok' });
    expect(findRunProblems(events, result)).toEqual([]);
  });
});

describe('execution: eager start', () => {
  const streamed = (tail: ModelStreamPart[]): ModelStreamPart[] => [
    { type: 'response-start' },
    ...toParts([use('r', 'read', { q: 1 }), use('w', 'write', { q: 2 })]),
    ...tail,
  ];

  it('starts a read-only call as soon as its block ends; a write waits for the whole reply', async () => {
    const order: string[] = [];
    const read = createInMemoryTool({
      name: 'read',
      annotations: { readOnlyHint: true },
      run: () => (order.push('read'), 'r'),
    });
    const write = createInMemoryTool({ name: 'write', run: () => (order.push('write'), 'w') });
    const parts = streamed([
      { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } },
    ]);
    const { events, result } = await collectRun(startRun([{ parts }, { content: [text('OK')] }], [read, write]).handle);
    const starts = filterEvents(events, 'tool-call-start');
    expect(starts.find((start) => start.callId === 'r')).toMatchObject({ eager: true });
    expect(starts.find((start) => start.callId === 'w')?.eager).toBeUndefined();
    const readStart = events.findIndex((event) => event.type === 'tool-call-start' && event.callId === 'r');
    const responseEnd = events.findIndex((event) => event.type === 'response-end');
    expect(readStart).toBeLessThan(responseEnd);
    expect(order).toEqual(['read', 'write']);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('never starts early when switched off or at a breakpoint; when the reply then fails (result kept, not sent)', async () => {
    const read = createInMemoryTool({ name: 'read', annotations: { readOnlyHint: true }, run: () => 'r' });
    const write = createInMemoryTool({ name: 'write', run: () => 'w' });
    const parts = streamed([
      { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } },
    ]);
    const off = await collectRun(
      startRun([{ parts }, { content: [text('OK')] }], [read, write], { policies: { eagerStart: false } }).handle,
    );
    expect(filterEvents(off.events, 'tool-call-start').some((start) => start.eager === true)).toBe(false);

    // A breakpoint on the tool means a person may want to see the call first: it waits for the reply.
    const paused = await collectRun(
      startRun([{ parts }, { content: [text('OK')] }], [read, write], {
        debug: {
          getPolicy: () => ({
            mode: 'run',
            breakpoints: [{ id: 'b', enabled: true, kind: 'tool', toolName: 'read' }],
            approval: { enabled: false, tools: {} },
          }),
          pauseGate: () => Promise.resolve({ type: 'continue' }),
        },
      }).handle,
    );
    expect(filterEvents(paused.events, 'tool-call-start').some((start) => start.eager === true)).toBe(false);
    expect(filterEvents(paused.events, 'pause-start')).toHaveLength(1);

    const failed = await collectRun(
      startRun([{ parts: streamed([]), error: new Error('stream broke') }], [read, write]).handle,
    );
    const ends = filterEvents(failed.events, 'tool-call-end');
    expect(ends.map((end) => end.callId)).toEqual(['r']);
    expect(filterEvents(failed.events, 'tool-results-commit')).toHaveLength(0);
    expect(failed.result.finishReason).toBe('error');
    expect(findRunProblems(failed.events, failed.result)).toEqual([]);
  });
});
