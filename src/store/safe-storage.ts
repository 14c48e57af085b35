// Guarded localStorage access: private modes, sandboxed frames and full quotas throw; Loupe keeps working.

/** The page's localStorage, or undefined where it cannot be reached. */
export function getDefaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Parsed JSON at `key`, or undefined when absent, unreadable or corrupt. */
export function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw === null || raw === undefined ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Writes `value` (a string as is, anything else as JSON); `null` removes the key. Never throws. */
export function writeItem(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // A full or locked storage only costs persistence, never the session.
  }
}

/** The string at `key`, or undefined. */
export function readString(storage: Storage | undefined, key: string): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}
