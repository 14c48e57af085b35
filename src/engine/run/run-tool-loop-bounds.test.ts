import { describe, expect, it } from 'vitest';
import type { Model, ModelRequest, ModelStreamPart } from '../model/model';
import { collectRun } from '../testing/collect-run';
import { createFakeEnvironment } from '../testing/fake-environment';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { flush, startRun, text, use, userMessage } from '../testing/policy-test-kit';
import { runToolLoop } from './run-tool-loop';

/** A model that streams `parts`, then goes silent for ever (ignoring its signal), recording each request. */
function stallingModel(parts: ModelStreamPart[]) {
  const requests: ModelRequest[] = [];
  const signals: AbortSignal[] = [];
  const model: Model = {
    provider: 'test',
    modelId: 'stalling',
    async *doStream(request, signal) {
      requests.push(request);
      signals.push(signal);
      yield* parts;
      await new Promise(() => {});
    },
  };
  return { model, requests, signals };
}

describe('bounds on what a server or a model controls', () => {
  it('endless progress cannot keep a call alive beyond the max total time', async () => {
    let report = (): void => {};
    const chatty = createInMemoryTool({
      name: 'chatty',
      timeoutMs: 1_000,
      run: (_input, context) =>
        new Promise(() => {
          report = () => context.onProgress({ progress: 1 });
        }),
    });
    const { environment, handle } = startRun(
      [{ content: [use('c', 'chatty')] }, { content: [text('done')] }],
      [chatty],
      {
        policies: { toolMaxTotalMs: 5_000 },
      },
    );
    // Every half second the tool reports progress again: the idle timeout never fires, the total does.
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type !== 'tool-call-start') return;
      setTimeout(() => {
        for (let tick = 0; tick < 40; tick += 1) {
          report();
          environment.advance(500);
        }
      }, 0);
    });
    const [end] = filterEvents(events, 'tool-call-end');
    expect(end).toMatchObject({ status: 'timeout', timeout: { ms: 5_000, source: 'max-total' } });
    expect(end?.content[0]).toEqual(text(expect.stringContaining('stopped after 5 s') as string));
    expect(filterEvents(events, 'tool-call-progress').length).toBeGreaterThanOrEqual(10);
    expect(result.finishReason).toBe('end_turn');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('records where a call timeout came from and says it in the result', async () => {
    const slow = {
      ...createInMemoryTool({ name: 'slow', run: () => new Promise<string>(() => {}) }),
      timeoutMs: 5_000,
      timeoutSource: 'server' as const,
    };
    const fast = createInMemoryTool({ name: 'fast', run: () => new Promise<string>(() => {}) });
    const { environment, handle } = startRun(
      [{ content: [use('s', 'slow'), use('f', 'fast')] }, { content: [text('done')] }],
      [slow, fast],
      { policies: { toolTimeoutMs: 2_000 } },
    );
    const { events } = await collectRun(handle, (event) => {
      if (event.type === 'tool-call-start' && event.callId === 'f') setTimeout(() => environment.advance(5_000), 0);
    });
    const starts = new Map(filterEvents(events, 'tool-call-start').map((event) => [event.callId, event]));
    expect(starts.get('s')?.timeout).toEqual({ ms: 5_000, source: 'server' });
    expect(starts.get('f')?.timeout).toEqual({ ms: 2_000, source: 'run' });
    const ends = new Map(filterEvents(events, 'tool-call-end').map((event) => [event.callId, event]));
    expect(ends.get('s')?.content).toEqual([text('Tool timed out after 5 s (server limit)')]);
    expect(ends.get('f')?.content).toEqual([text('Tool timed out after 2 s (run limit)')]);
  });

  it('the wall time stops a running call where it is, then asks for a final answer', async () => {
    const stuck = createInMemoryTool({ name: 'stuck', timeoutMs: 60_000, run: () => new Promise<string>(() => {}) });
    const { environment, handle, model } = startRun(
      [{ content: [use('c', 'stuck')] }, { content: [text('Here is what I know.')] }],
      [stuck],
      { policies: { limits: { wallTimeMs: 3_000 } } },
    );
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-call-start') setTimeout(() => environment.advance(3_000), 0);
    });
    const [end] = filterEvents(events, 'tool-call-end');
    expect(end).toMatchObject({ status: 'timeout', timeout: { source: 'wall-time' } });
    expect(filterEvents(events, 'limit-reached')[0]).toMatchObject({ limit: 'wall-time', behaviour: 'final-answer' });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.toolChoice).toEqual({ type: 'none' });
    expect(result.finishReason).toBe('limit:wall-time');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('the wall time cuts a stream that never ends: complete text kept, the run ends at the limit', async () => {
    const environment = createFakeEnvironment();
    const { model, signals } = stallingModel([
      { type: 'response-start' },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, text: 'Thinking about it' },
    ]);
    const handle = runToolLoop({
      model,
      tools: [],
      history: [],
      userMessage,
      environment,
      policies: { limits: { wallTimeMs: 10_000 }, modelIdleTimeoutMs: 60_000 },
    });
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'text-delta') setTimeout(() => environment.advance(10_000), 0);
    });
    expect(result.finishReason).toBe('limit:wall-time');
    expect(filterEvents(events, 'limit-reached')[0]).toMatchObject({ limit: 'wall-time', behaviour: 'stop' });
    expect(filterEvents(events, 'response-end')[0]).toMatchObject({ interrupted: true });
    expect(signals[0]?.aborted).toBe(true);
    expect(findRunProblems(events, result)).toEqual([]);
    expect(environment.pendingTimers()).toBe(0);
  });

  it('a model stream that goes silent fails with a plain error and its request is aborted', async () => {
    const environment = createFakeEnvironment();
    const { model, signals } = stallingModel([{ type: 'response-start' }]);
    const handle = runToolLoop({
      model,
      tools: [],
      history: [],
      userMessage,
      environment,
      policies: { modelIdleTimeoutMs: 30_000 },
    });
    await flush();
    environment.advance(29_999);
    await flush();
    environment.advance(1);
    const { result, events } = await collectRun(handle);
    expect(result.finishReason).toBe('error');
    expect(filterEvents(events, 'run-end')[0]?.error?.message).toBe(
      'The model sent nothing for 30 s, so the reply was stopped (the stream idle timeout in Loop policies).',
    );
    expect(signals[0]?.aborted).toBe(true);
    expect(environment.pendingTimers()).toBe(0);
  });

  it('an image the API would refuse never reaches a request, however it got into the history', async () => {
    const environment = createFakeEnvironment();
    const { model, requests } = stallingModel([]);
    const finite: Model = {
      ...model,
      async *doStream(request) {
        requests.push(request);
        await Promise.resolve();
        yield* [
          { type: 'response-start' },
          { type: 'text-start', index: 0 },
          { type: 'text-delta', index: 0, text: 'ok' },
          { type: 'block-end', index: 0 },
          { type: 'response-end', stopReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 1 } },
        ] satisfies ModelStreamPart[];
      },
    };
    const handle = runToolLoop({
      model: finite,
      tools: [],
      history: [],
      userMessage: {
        role: 'user',
        content: [
          text('look'),
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'not base64!' } },
        ],
      },
      environment,
    });
    const { events } = await collectRun(handle);
    expect(requests[0]?.messages[0]?.content).toEqual([
      text('look'),
      text('[left out: an image (image/png, 7 bytes): its data is not valid base64]'),
    ]);
    expect(filterEvents(events, 'notice')[0]?.message).toContain('its data is not valid base64');
  });
});
