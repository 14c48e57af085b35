// Safe mode's memory: a restore that threw, or a render crash that reached the root, is written down so the
// next load opens in safe mode instead of crashing the same way again. Self-contained: the slice is untouched.
import type { LoupeStore } from '../create-loupe-store';
import { describeError } from '../loupe-state';
import { readJson, readString, writeItem } from '../safe-storage';
import { CURRENT_SESSION_KEY } from './create-sessions-slice';

export const RESTORE_FAILURE_KEY = 'loupe.restore-failure';

/** Why Loupe opened in safe mode. */
export interface RestoreFailure {
  /** The session that was being restored or shown, when known. */
  sessionId: string | null;
  /** `restore`: restoring the session threw; `render`: the page crashed while showing it. */
  kind: 'restore' | 'render';
  message: string;
  at: number;
}

/** The failure recorded by an earlier load, if any (a corrupt entry counts as none). */
export function readRestoreFailure(storage: Storage | undefined): RestoreFailure | null {
  const value = readJson(storage, RESTORE_FAILURE_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const { sessionId, kind, message, at } = value as Record<string, unknown>;
  if ((kind !== 'restore' && kind !== 'render') || typeof message !== 'string') return null;
  return {
    sessionId: typeof sessionId === 'string' ? sessionId : null,
    kind,
    message: message.slice(0, 2_000),
    at: typeof at === 'number' ? at : 0,
  };
}

/** Records `failure`, naming the current session when the caller does not know it; returns what was recorded. */
export function recordRestoreFailure(
  storage: Storage | undefined,
  failure: Omit<RestoreFailure, 'sessionId'> & { sessionId?: string | null },
): RestoreFailure {
  const recorded: RestoreFailure = {
    ...failure,
    sessionId: failure.sessionId ?? readString(storage, CURRENT_SESSION_KEY) ?? null,
  };
  writeItem(storage, RESTORE_FAILURE_KEY, recorded);
  return recorded;
}

export function clearRestoreFailure(storage: Storage | undefined): void {
  writeItem(storage, RESTORE_FAILURE_KEY, null);
}

/**
 * Restores the last session (`initSessions`); when that throws, records the failure and resolves with it
 * (safe mode), else with `null`. Never rejects.
 */
export async function restoreSessions(
  store: LoupeStore,
  storage: Storage | undefined,
  now: () => number,
): Promise<RestoreFailure | null> {
  try {
    await store.getState().initSessions();
    return null;
  } catch (error) {
    return recordRestoreFailure(storage, {
      sessionId: store.getState().currentSessionId,
      kind: 'restore',
      message: describeError(error),
      at: now(),
    });
  }
}

/** Makes session `id` the one the next load opens. */
export function pointToSession(storage: Storage | undefined, id: string): void {
  writeItem(storage, CURRENT_SESSION_KEY, id);
}
