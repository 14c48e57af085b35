// The worker's check of answers at a compaction pause: what fits it, and the edits it refuses before the loop sees them.
import { describe, expect, it } from 'vitest';
import type { PauseDecision, PausePoint, PlannedCompaction } from '../engine/debug/pause-point';
import type { Model } from '../engine/model/model';
import { createDebugHost, type DebugHostContext } from './debug-host';

const planned: PlannedCompaction = {
  mode: 'summarise',
  trigger: 'threshold',
  because: 'the request (~1,200 tokens) passed 50% of the 2,000-token context window',
  tokensBefore: 1200,
  tokensAfter: 400,
  trimmedResults: 0,
  summarisedMessages: 6,
  summary: 'The model read six pages.',
};

function hold(compaction: PlannedCompaction) {
  const host = createDebugHost({} as DebugHostContext);
  const model = { provider: 'anthropic', modelId: 'm', doStream: () => ({}) } as unknown as Model;
  const controller = host.attach('r1', model, new AbortController().signal);
  const point: PausePoint = {
    kind: 'before-compaction',
    round: 3,
    compaction,
    pauseId: 'p1',
    reasons: [{ kind: 'step' }],
  };
  const answered = controller.pauseGate(point);
  const resolve = (decision: PauseDecision) =>
    host.execute({ type: 'pause-resolve', runId: 'r1', pauseId: 'p1', decision });
  return { host, answered, resolve };
}

describe('answers at a compaction pause (debug host)', () => {
  it('shows the plan in full, and passes an edited summary on to the loop', async () => {
    const { host, answered, resolve } = hold(planned);
    expect(await host.execute({ type: 'pause-inspect', runId: 'r1' })).toMatchObject({ compaction: planned });
    await resolve({ type: 'edit-summary', summary: 'Six pages, all lorem.' });
    expect(await answered).toEqual({ type: 'edit-summary', summary: 'Six pages, all lorem.' });
  });

  it('refuses an empty summary, a summary for a compaction that only trims, and answers meant for other pauses', async () => {
    const { answered, resolve } = hold(planned);
    await expect(resolve({ type: 'edit-summary', summary: ' \n\t' })).rejects.toThrow('Write a summary');
    await expect(resolve({ type: 'skip', content: [], isError: false })).rejects.toThrow(
      "'skip' does not apply to a pause before-compaction",
    );
    await expect(resolve({ type: 'edit-request', patch: {} })).rejects.toThrow('does not apply');
    // Still held: the refusals changed nothing; Skip compaction goes through.
    await resolve({ type: 'skip-compaction' });
    expect(await answered).toEqual({ type: 'skip-compaction' });

    const { summary: _summary, ...trimOnly } = { ...planned, mode: 'trim' as const, trimmedResults: 3 };
    const trimming = hold(trimOnly);
    await expect(trimming.resolve({ type: 'edit-summary', summary: 'x' })).rejects.toThrow('no summary to edit');
    await trimming.resolve({ type: 'continue' });
    expect(await trimming.answered).toEqual({ type: 'continue' });
  });

  it('refuses Skip compaction at any other pause', async () => {
    const host = createDebugHost({} as DebugHostContext);
    const model = { provider: 'anthropic', modelId: 'm', doStream: () => ({}) } as unknown as Model;
    const controller = host.attach('r2', model, new AbortController().signal);
    void controller.pauseGate({
      kind: 'after-reply',
      round: 1,
      message: { role: 'assistant', content: [] },
      stopReason: 'end_turn',
      pauseId: 'p2',
      reasons: [{ kind: 'step' }],
    });
    await expect(
      host.execute({ type: 'pause-resolve', runId: 'r2', pauseId: 'p2', decision: { type: 'skip-compaction' } }),
    ).rejects.toThrow("'skip-compaction' does not apply to a pause after-reply");
  });
});
