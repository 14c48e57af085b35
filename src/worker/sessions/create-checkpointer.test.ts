import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { createCheckpointer } from './create-checkpointer';

const delta = (text: string): RunEvent => ({ type: 'text-delta', round: 1, index: 0, text });
const roundStart: RunEvent = {
  type: 'round-start',
  at: 1,
  round: 1,
  request: { model: 'm', provider: 'p', toolNames: [], messageCount: 1, maxTokens: 10 },
};
const pause = { type: 'pause-start', at: 2, pauseId: 'p1', round: 1, pause: {}, reasons: [] } as unknown as RunEvent;

describe('createCheckpointer', () => {
  it('writes only at phase boundaries (the debugger pause included), appending in order', async () => {
    const writes: [number, string[]][] = [];
    const checkpointer = createCheckpointer(
      (_runId, from, events) => {
        writes.push([from, events.map((event) => event.type)]);
        return Promise.resolve();
      },
      () => undefined,
    );
    checkpointer.push('r', delta('a'));
    checkpointer.push('r', delta('b'));
    await checkpointer.flush().then(() => undefined);
    expect(writes).toEqual([[0, ['text-delta', 'text-delta']]]);
    writes.length = 0;
    checkpointer.push('r', roundStart);
    checkpointer.push('r', delta('c'));
    checkpointer.push('r', pause);
    await Promise.resolve().then(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // Checkpoints that arrive while a write is queued are batched into it.
    expect(writes).toEqual([[2, ['round-start', 'text-delta', 'pause-start']]]);
  });

  it('reports a failed write and writes the same events again at the next checkpoint', async () => {
    const stored: RunEvent[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const checkpointer = createCheckpointer(
      (_runId, from, events) => {
        if (fail) return Promise.reject(new DOMException('full', 'QuotaExceededError'));
        stored.splice(from, events.length, ...events);
        return Promise.resolve();
      },
      (error) => errors.push(error),
    );
    checkpointer.push('r', roundStart);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
    fail = false;
    checkpointer.push('r', delta('x'));
    checkpointer.push('r', pause);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stored.map((event) => event.type)).toEqual(['round-start', 'text-delta', 'pause-start']);
  });
});
