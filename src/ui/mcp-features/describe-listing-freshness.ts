// Says where a resource or prompt listing came from and how long the worker keeps it (the server's 2026 `ttlMs`).
import type { McpListingFreshness } from '../../protocol/mcp-feature-messages';

/** A lifetime in whole units, rounded up so "fresh for" never overstates how soon a refresh is due: 40 s, 4 min, 2 h 5 min. */
export function formatLifetime(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * One line for the panel: "Cached · fresh for 4 min (until 14:32)" for a kept copy, "Listed just now · kept for
 * 5 min (until 14:32)" for a listing the server allowed to keep, "Listed just now" for one it did not. `now` is
 * the clock the worker's `freshUntil` was set by (both `Date.now`); `clockTime` writes a time of day.
 */
export function describeListingFreshness(
  freshness: McpListingFreshness | undefined,
  now: number,
  clockTime: (epochMs: number) => string = (epochMs) =>
    new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
): string {
  if (freshness === undefined) return 'Listed just now';
  const { fromCache, freshUntil } = freshness;
  if (freshUntil === undefined) return fromCache ? 'Cached' : 'Listed just now';
  const left = freshUntil - now;
  if (left <= 0) return fromCache ? 'Cached · no longer fresh' : 'Listed just now';
  const lifetime = `${formatLifetime(left)} (until ${clockTime(freshUntil)})`;
  return fromCache ? `Cached · fresh for ${lifetime}` : `Listed just now · kept for ${lifetime}`;
}
