// The streaming bench's "linear in size" line: a fixed start plus a cost per KB, and how far a reply is off it.
import { describe, expect, it } from 'vitest';
import { linearFit } from '../../scripts/bench/linear-fit';

describe('linearFit', () => {
  it('finds the fixed part and the part per unit of points on a line', () => {
    const fit = linearFit([
      [5, 100 + 5 * 20],
      [20, 100 + 20 * 20],
      [80, 100 + 80 * 20],
    ]);
    expect(fit?.fixed).toBeCloseTo(100);
    expect(fit?.perUnit).toBeCloseTo(20);
    expect(fit?.worstOff).toBeCloseTo(0);
  });

  it('says how far the worst point is off a cost that grows faster than the size', () => {
    // Quadratic: 5 KB 25, 20 KB 400, 80 KB 6,400 (what the stream cost before issue 16).
    const fit = linearFit([
      [5, 25],
      [20, 400],
      [80, 6400],
    ]);
    expect(fit?.fixed).toBeLessThan(0);
    expect(fit?.worstOff).toBeGreaterThan(1);
  });

  it('has no line through fewer than two sizes', () => {
    expect(linearFit([[5, 10]])).toBeUndefined();
    expect(
      linearFit([
        [5, 10],
        [5, 12],
      ]),
    ).toBeUndefined();
  });
});
