import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Message } from '../message/message';
import type { Model, ModelStreamPart } from '../model/model';
import { collectRun } from '../testing/collect-run';
import { filterEvents } from '../testing/filter-events';
import { createFakeEnvironment } from '../testing/fake-environment';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { runToolLoop } from './run-tool-loop';

const userMessage: Message = { role: 'user', content: [{ type: 'text', text: 'Go.' }] };

/** Asks for one `lookup` call in each of its first `rounds` replies, then answers; keeps the signal of each call. */
function recordingModel(rounds: number, onCall: (signal: AbortSignal, call: number) => Promise<void> | void): Model {
  let calls = 0;
  return {
    provider: 'test',
    modelId: 'signals',
    async *doStream(_request, signal): AsyncGenerator<ModelStreamPart> {
      calls += 1;
      await onCall(signal, calls);
      yield { type: 'response-start' };
      if (calls > rounds) {
        yield { type: 'text-start', index: 0 };
        yield { type: 'text-delta', index: 0, text: 'Done.' };
        yield { type: 'block-end', index: 0 };
        yield { type: 'response-end', stopReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 1 } };
        return;
      }
      yield { type: 'tool-use-start', index: 0, id: `c${calls}`, name: 'lookup' };
      yield { type: 'tool-input-delta', index: 0, partialJson: `{"n": ${calls}}` };
      yield { type: 'block-end', index: 0 };
      yield { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } };
    },
  };
}

const lookup = createInMemoryTool({ name: 'lookup', run: () => 'found' });

/** A run of `model` with the lookup tool, cancelled through `signal` when given. */
const runWith = (model: Model, signal?: AbortSignal) =>
  collectRun(
    runToolLoop({
      model,
      tools: [lookup],
      history: [],
      userMessage,
      maxRounds: 20,
      environment: createFakeEnvironment(),
      ...(signal === undefined ? {} : { signal }),
    }),
  );

describe('runToolLoop: the signal each model call gets', () => {
  it('is one signal for the run while the calls only poll it, and a cancel reaches it in the open call', async () => {
    const signals: AbortSignal[] = [];
    const controller = new AbortController();
    const model = recordingModel(10, (signal, call) => {
      signals.push(signal);
      expect(signal.aborted).toBe(false);
      if (call === 4) controller.abort('stop');
    });
    const { events, result } = await runWith(model, controller.signal);
    expect(result.finishReason).toBe('aborted');
    expect(new Set(signals).size).toBe(1);
    expect(signals).toHaveLength(4);
    expect(signals[0]?.aborted).toBe(true);
    // The fourth call was stopped before its first part: no reply of it is kept.
    expect(filterEvents(events, 'response-end').map((event) => event.round)).toEqual([1, 2, 3]);
  });

  it('is a new signal for each call after one that listened to it, so no listener piles up', async () => {
    const signals: AbortSignal[] = [];
    const model = recordingModel(12, (signal) => {
      signals.push(signal);
      // A listener left behind, as some SDKs leave theirs.
      signal.addEventListener('abort', () => undefined);
    });
    const { result } = await runWith(model);
    expect(result.finishReason).toBe('end_turn');
    expect(new Set(signals).size).toBe(13);
    for (const signal of signals) expect(getEventListeners(signal, 'abort')).toHaveLength(1);
  });

  it("leaves no listener on the caller's signal once the run has ended (here after eight pause_turn rounds)", async () => {
    const controller = new AbortController();
    let calls = 0;
    const pausing: Model = {
      provider: 'test',
      modelId: 'pauses',
      async *doStream(): AsyncGenerator<ModelStreamPart> {
        calls += 1;
        await Promise.resolve();
        yield { type: 'response-start' };
        yield { type: 'text-start', index: 0 };
        yield { type: 'text-delta', index: 0, text: `part ${calls}` };
        yield { type: 'block-end', index: 0 };
        const stopReason = calls < 8 ? 'pause_turn' : 'end_turn';
        yield { type: 'response-end', stopReason, usage: { inputTokens: 1, outputTokens: 1 } };
      },
    };
    const before = getEventListeners(controller.signal, 'abort').length;
    const { result } = await runWith(pausing, controller.signal);
    expect(result.finishReason).toBe('end_turn');
    expect(calls).toBe(8);
    expect(getEventListeners(controller.signal, 'abort').length).toBe(before);
  });
});
