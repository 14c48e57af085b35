import { describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../event/run-event';
import type { LoopContext, RoundState } from './loop-context';
import type { Requested } from './request-round';
import { settleRound } from './settle-round';

describe('settleRound', () => {
  it('releases the executor of a reply that asks for no tool, so its cancel stops following the run', () => {
    const events: RunEvent[] = [];
    const context = {
      emit: (event: RunEvent) => events.push(event),
      options: { environment: { now: () => 5 } },
    } as unknown as LoopContext;
    const release = vi.fn();
    const settle = vi.fn();
    const requested = {
      response: { toolCalls: [], stopReason: 'pause_turn' },
      executor: { release, settle, abandon: vi.fn(), startEarly: vi.fn(), signatureOf: vi.fn() },
    } as unknown as Requested;
    expect(settleRound(context, { round: 3 } as RoundState, requested)).toEqual({});
    expect(release).toHaveBeenCalledOnce();
    expect(settle).not.toHaveBeenCalled();
    expect(events).toEqual([{ type: 'round-end', at: 5, round: 3 }]);
  });
});
