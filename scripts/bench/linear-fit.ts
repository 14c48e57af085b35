// Bench support: whether a cost grows linearly with a size, as a fixed part plus a part per unit.

/** A least-squares line through `points` ([size, cost]) and how far the worst point is from it. */
export interface LinearFit {
  /** The cost at size 0 (for a stream: what a run's start costs whatever the reply). */
  fixed: number;
  /** The cost per unit of size. */
  perUnit: number;
  /** The largest |cost − line| over the points, as a share of that point's cost. */
  worstOff: number;
}

export function linearFit(points: readonly (readonly [number, number])[]): LinearFit | undefined {
  if (points.length < 2) return undefined;
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const spread = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  if (spread === 0) return undefined;
  const perUnit = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0) / spread;
  const fixed = meanY - perUnit * meanX;
  const worstOff = Math.max(...points.map(([x, y]) => (y === 0 ? 0 : Math.abs(y - (fixed + perUnit * x)) / y)));
  return { fixed, perUnit, worstOff };
}
