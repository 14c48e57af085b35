// Where a model-chosen memory path points, confined to /memories. Pure.

/** The one directory the memory tool may touch. */
export const MEMORY_ROOT = '/memories';
/** Longest path accepted (a path is a storage key and is echoed in results). */
export const MAX_MEMORY_PATH_LENGTH = 512;
/** Longest single name in a path. */
export const MAX_MEMORY_NAME_LENGTH = 255;

/**
 * The normalised path (`/memories` or `/memories/a/b.md`), or an error text for the model. Refused: anything not
 * under `/memories`, `.`/`..` segments (also percent-encoded or backslashed), NUL and other control characters,
 * over-long paths and names. Nothing is decoded: `%2e%2e` is refused rather than interpreted, so a path the model
 * sees is the path that is stored.
 */
export function resolveMemoryPath(raw: unknown): { path: string } | { error: string } {
  if (typeof raw !== 'string' || raw === '') return { error: 'Error: A path under /memories is required.' };
  const shown = JSON.stringify(raw.slice(0, 200));
  const outside = {
    error: `Error: The path ${shown} is outside ${MEMORY_ROOT}. Paths must start with ${MEMORY_ROOT}.`,
  };
  if (raw.length > MAX_MEMORY_PATH_LENGTH)
    return { error: `Error: The path is longer than ${MAX_MEMORY_PATH_LENGTH} characters.` };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return outside;
  if (/%/.test(raw)) return outside;
  const trimmed = raw.replace(/\/+$/, '');
  if (trimmed !== MEMORY_ROOT && !trimmed.startsWith(`${MEMORY_ROOT}/`)) return outside;
  const segments = trimmed.slice(MEMORY_ROOT.length).split('/').slice(1);
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') return outside;
    if (segment.length > MAX_MEMORY_NAME_LENGTH)
      return { error: `Error: A name in the path is longer than ${MAX_MEMORY_NAME_LENGTH} characters.` };
  }
  return { path: trimmed };
}
