// The tool path most runs of a case on one model took, as text: how ×N runs compare as one. Pure.

/** A path as text: rounds joined by →, tools within a round by +; a run that called nothing: (no tools). */
export const describePath = (path: readonly (readonly string[])[]): string =>
  path.length === 0 ? '(no tools)' : path.map((round) => round.join(' + ')).join(' → ');

/** The most common path among `paths` (the first seen on a tie); `(not run)` when there is none. */
export function usualToolPath(paths: readonly (readonly (readonly string[])[])[]): string {
  const counts = new Map<string, number>();
  for (const path of paths) counts.set(describePath(path), (counts.get(describePath(path)) ?? 0) + 1);
  let best: [string, number] | undefined;
  for (const entry of counts) if (best === undefined || entry[1] > best[1]) best = entry;
  return best?.[0] ?? '(not run)';
}
