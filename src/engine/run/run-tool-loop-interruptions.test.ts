import { describe, expect, it } from 'vitest';
import { ModelError } from '../model/model';
import type { ModelStreamPart } from '../model/model';
import { collectRun } from '../testing/collect-run';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { toParts } from '../testing/scripted-model';
import { runToolLoop } from './run-tool-loop';
import { startRun as start, text, use, userMessage } from '../testing/policy-test-kit';

const never = () => new Promise<never>(() => {});

describe('runToolLoop: model errors', () => {
  it('ends with error before any text streamed', async () => {
    const { handle } = start(
      [{ error: new ModelError('Overloaded', { status: 529, errorType: 'overloaded_error' }) }],
      [],
    );
    const { events, result } = await collectRun(handle);
    expect(filterEvents(events, 'response-end')).toHaveLength(0);
    expect(filterEvents(events, 'run-end')[0]).toMatchObject({
      finishReason: 'error',
      error: { message: 'Overloaded', status: 529, errorType: 'overloaded_error' },
    });
    expect(result.messages).toEqual([userMessage]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('keeps the streamed text, interrupted, when the model fails mid-reply', async () => {
    const { handle } = start(
      [{ content: [text('Partial answer'), use('c1', 'weather')], error: new TypeError('socket hang up') }],
      [],
    );
    const { events, result } = await collectRun(handle);
    const [end] = filterEvents(events, 'response-end');
    expect(end).toMatchObject({ interrupted: true, message: { role: 'assistant', content: [text('Partial answer')] } });
    expect(filterEvents(events, 'run-end')[0]).toMatchObject({
      finishReason: 'error',
      error: { message: 'socket hang up' },
    });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('does not hang on a model that ignores its signal', async () => {
    const controller = new AbortController();
    const model = {
      provider: 'stubborn',
      modelId: 'stubborn',
      doStream: () => ({ [Symbol.asyncIterator]: () => ({ next: never }) }),
    };
    const handle = runToolLoop({
      model,
      tools: [],
      history: [],
      userMessage,
      environment: createFakeEnvironment(),
      signal: controller.signal,
    });
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'round-start') controller.abort();
    });
    expect(result.finishReason).toBe('aborted');
    expect(findRunProblems(events, result)).toEqual([]);
  });
});

describe('runToolLoop: cancel', () => {
  it('before the first request', async () => {
    const controller = new AbortController();
    controller.abort();
    const { model, handle } = start([{ content: [text('never')] }], [], { signal: controller.signal });
    const { events, result } = await collectRun(handle);
    expect(model.requests).toHaveLength(0);
    expect(events.map((event) => event.type)).toEqual(['run-start', 'run-end']);
    expect(result).toMatchObject({ finishReason: 'aborted', messages: [userMessage], rounds: 0 });
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('mid-stream text keeps what streamed', async () => {
    const controller = new AbortController();
    const { handle } = start([{ content: [text('Hello world, how are you today?')], hang: true }], [], {
      signal: controller.signal,
    });
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'text-delta') controller.abort();
    });
    const [end] = filterEvents(events, 'response-end');
    expect(end?.interrupted).toBe(true);
    const [block] = end?.message.content ?? [];
    expect(block?.type).toBe('text');
    expect('Hello world, how are you today?'.startsWith(block?.type === 'text' ? block.text : '?')).toBe(true);
    expect(result.finishReason).toBe('aborted');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('mid-stream tool JSON keeps complete calls as not-executed and drops the open one', async () => {
    const controller = new AbortController();
    const weather = createInMemoryTool({ name: 'weather', run: () => 'Sunny' });
    const parts: ModelStreamPart[] = [
      { type: 'response-start' },
      ...toParts([text('Checking two cities.'), use('c1', 'weather', { city: 'Paris' })]),
      { type: 'tool-use-start', index: 2, id: 'c2', name: 'weather' },
      { type: 'tool-input-delta', index: 2, partialJson: '{"city": "Ly' },
    ];
    const { model, handle } = start([{ parts, hang: true }], [weather], { signal: controller.signal });
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-input-delta' && event.callId === 'c2') controller.abort();
    });
    expect(filterEvents(events, 'response-end')[0]).toMatchObject({
      interrupted: true,
      message: { content: [text('Checking two cities.'), use('c1', 'weather', { city: 'Paris' })] },
    });
    expect(filterEvents(events, 'tool-call-end')).toMatchObject([
      { callId: 'c1', status: 'not-executed', isError: true },
    ]);
    expect(weather.calls).toEqual([]);
    expect(model.requests).toHaveLength(1);
    expect(result.finishReason).toBe('aborted');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('mid-stream with nothing complete leaves a placeholder, never an empty message', async () => {
    const controller = new AbortController();
    const parts: ModelStreamPart[] = [
      { type: 'response-start' },
      { type: 'tool-use-start', index: 0, id: 'c1', name: 'weather' },
      { type: 'tool-input-delta', index: 0, partialJson: '{' },
    ];
    const { handle } = start([{ parts, hang: true }], [], { signal: controller.signal });
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-input-delta') controller.abort();
    });
    expect(filterEvents(events, 'response-end')[0]?.message.content).toEqual([
      text('[interrupted before any content]'),
    ]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('during tools: finished keep results, running ones are cancelled', async () => {
    const controller = new AbortController();
    let slowSignal: AbortSignal | undefined;
    const fast = createInMemoryTool({ name: 'fast', run: () => 'done' });
    const slow = createInMemoryTool({
      name: 'slow',
      run: (_input, context) => {
        slowSignal = context.signal;
        return never();
      },
    });
    const { model, handle } = start([{ content: [use('c1', 'slow'), use('c2', 'fast')] }], [slow, fast], {
      signal: controller.signal,
    });
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-call-end' && event.callId === 'c2') controller.abort();
    });
    const commit = filterEvents(events, 'tool-results-commit')[0]?.message.content;
    expect(commit).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'c1',
        is_error: true,
        content: [text('Cancelled by the user; the call may have partially completed.')],
      },
      { type: 'tool_result', tool_use_id: 'c2', content: [text('done')] },
    ]);
    expect(filterEvents(events, 'tool-call-end').map((event) => event.status)).toEqual(['ok', 'cancelled']);
    expect(slowSignal?.aborted).toBe(true);
    expect(model.requests).toHaveLength(1);
    expect(result.finishReason).toBe('aborted');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('between rounds: commits the round, then stops before the next request', async () => {
    const controller = new AbortController();
    const weather = createInMemoryTool({ name: 'weather', run: () => 'Sunny' });
    const { model, handle } = start([{ content: [use('c1', 'weather')] }, { content: [text('never')] }], [weather], {
      signal: controller.signal,
    });
    // The call has settled when its tool-call-end is read; the loop is still committing.
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-call-end') controller.abort();
    });
    expect(model.requests).toHaveLength(1);
    expect(filterEvents(events, 'tool-call-end')[0]?.status).toBe('ok');
    expect(events.slice(-3).map((event) => event.type)).toEqual(['tool-results-commit', 'round-end', 'run-end']);
    expect(result.finishReason).toBe('aborted');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('a tool that cancels the run while running is itself cancelled', async () => {
    const controller = new AbortController();
    const stopper = createInMemoryTool({
      name: 'stopper',
      run: () => {
        controller.abort();
        return 'stopped';
      },
    });
    const { handle } = start([{ content: [use('c1', 'stopper')] }], [stopper], { signal: controller.signal });
    const { events, result } = await collectRun(handle);
    expect(filterEvents(events, 'tool-call-end')[0]?.status).toBe('cancelled');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('after the reply but before the tools run: every call is not-executed', async () => {
    const controller = new AbortController();
    const weather = createInMemoryTool({ name: 'weather', run: () => 'Sunny' });
    const { handle } = start([{ content: [use('c1', 'weather'), use('c2', 'weather')] }], [weather], {
      signal: controller.signal,
    });
    const { events, result } = await collectRun(handle, (event) => {
      if (event.type === 'tool-input-start' && event.callId === 'c2') controller.abort();
    });
    expect(weather.calls).toEqual([]);
    expect(filterEvents(events, 'tool-call-end').every((event) => event.status === 'not-executed')).toBe(true);
    expect(result.finishReason).toBe('aborted');
    expect(findRunProblems(events, result)).toEqual([]);
  });
});
