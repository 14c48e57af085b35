// Short server names used in exposed tool names (`<name>__<tool>`): readable, sanitised, unique.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);
const MAX_NAME_LENGTH = 24;

/** Keeps `[a-z0-9_-]`, lower case, at most 24 characters; falls back to `server`. */
export function sanitizeServerName(raw: string): string {
  const cleaned = raw
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME_LENGTH);
  return cleaned === '' ? 'server' : cleaned;
}

/** The first DNS label of the host; for a local host `server` plus the port (e.g. `server3001`). */
export function defaultServerName(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'server';
  }
  if (LOCAL_HOSTS.has(parsed.hostname)) return `server${parsed.port}`;
  const labels = parsed.hostname.split('.');
  // `mcp.example.com` says less than `example`; skip generic first labels.
  const generic = new Set(['www', 'mcp', 'api']);
  const label = labels.length > 2 && generic.has(labels[0] ?? '') ? labels[1] : labels[0];
  return sanitizeServerName(label ?? 'server');
}

/** `name`, or `name2`, `name3`… whichever is not taken yet. */
export function makeUniqueName(name: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(name)) return name;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${name}${suffix}`;
    if (!names.has(candidate)) return candidate;
  }
}
