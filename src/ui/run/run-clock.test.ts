import { describe, expect, it } from 'vitest';
import { runElapsed } from './run-clock';

const mark = { pauseId: 'p', pause: { kind: 'before-tool' as const, round: 1 }, reasons: [], at: 1_500 };

describe('runElapsed', () => {
  it('stops at the start of the pause being held, however late now is', () => {
    expect(runElapsed({ startedAt: 1_000, pause: mark }, 1_000_000)).toBe(500);
  });
  it('leaves out pauses that have ended', () => {
    expect(runElapsed({ startedAt: 1_000, pausedMs: 60_000 }, 62_000)).toBe(1_000);
  });
  it('reads the end once the run ended, less its pauses', () => {
    expect(runElapsed({ startedAt: 1_000, endedAt: 3_000, pausedMs: 1_500 }, 9_999_999)).toBe(500);
  });
  it('never goes below zero on a clock that moved backwards', () => {
    expect(runElapsed({ startedAt: 5_000, pausedMs: 10_000 }, 6_000)).toBe(0);
  });
  it('is undefined before the run starts', () => {
    expect(runElapsed({}, 1)).toBeUndefined();
  });
});
