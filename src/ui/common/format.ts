// Numbers and durations as the UI shows them.

/** `850 ms`, `1.24 s`, `2 m 05 s`. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '–';
  const value = Math.max(0, ms);
  if (value < 1000) return `${Math.round(value)} ms`;
  if (value < 60_000) return `${(value / 1000).toFixed(2)} s`;
  const minutes = Math.floor(value / 60_000);
  const seconds = Math.floor((value % 60_000) / 1000);
  return `${minutes} m ${String(seconds).padStart(2, '0')} s`;
}

// One formatter for all: `toLocaleString` builds a new one per call, and token counts are shown on every
// flush of a streaming reply.
const tokenFormat = new Intl.NumberFormat('en-US');

/** `1,234` with thin grouping; `–` when unknown. */
export function formatTokens(count: number | undefined): string {
  return count === undefined ? '–' : tokenFormat.format(count);
}
