import { describe, expect, it } from 'vitest';
import { EARLIER_PAGE, RECENT_ROUNDS, firstShownRound } from './windowed-rounds';

describe('firstShownRound', () => {
  it('mounts every round of a short run', () => {
    expect(firstShownRound(0, 0)).toBe(0);
    expect(firstShownRound(RECENT_ROUNDS, 0)).toBe(0);
  });

  it('mounts the newest rounds of a long run, and more as earlier pages are revealed', () => {
    expect(firstShownRound(200, 0)).toBe(200 - RECENT_ROUNDS);
    expect(firstShownRound(200, EARLIER_PAGE)).toBe(200 - RECENT_ROUNDS - EARLIER_PAGE);
    expect(firstShownRound(200, 1000)).toBe(0);
  });
});
