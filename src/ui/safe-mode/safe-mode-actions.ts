// What the safe-mode screen can do with the session that failed, straight on the sessions database the worker
// keeps (the store's restore is what failed, so it is not used). Each action that changes storage ends with a reload into the normal app.
import { createFreshSession, deleteRawSession, rawSessionJson, readRawSession } from '../../store/sessions/raw-session';
import { clearRestoreFailure, pointToSession } from '../../store/sessions/restore-guard';
import type { SessionDb } from '../../store/sessions/worker-session-db';
import type { SessionSettings } from '../../store/sessions/session-record';
import { downloadText } from '../transcript/download-json';

/** The failing session's name, `null` when it has none or cannot be read. */
export async function readSessionName(db: SessionDb, id: string): Promise<string | null> {
  try {
    return (await readRawSession(db, id))?.name ?? null;
  } catch {
    return null;
  }
}

/** Downloads session `id` as stored (record and events) as a JSON file. */
export async function exportRawSession(db: SessionDb, id: string): Promise<void> {
  const raw = await readRawSession(db, id);
  if (raw === undefined) throw new Error('that session is no longer in storage');
  downloadText(rawSessionJson(raw), `loupe-session-${id.slice(0, 8)}-raw.json`, 'application/json');
}

/** Deletes session `id` and its runs' events, then opens Loupe normally. */
export async function deleteAndReload(db: SessionDb, id: string, storage: Storage | undefined): Promise<void> {
  await deleteRawSession(db, id);
  clearRestoreFailure(storage);
  window.location.reload();
}

/** Keeps the failing session, opens a new empty one instead. */
export async function startFreshAndReload(
  db: SessionDb,
  storage: Storage | undefined,
  settings: SessionSettings,
): Promise<void> {
  const record = await createFreshSession(db, {
    id: crypto.randomUUID(),
    name: 'Fresh start',
    now: Date.now(),
    settings,
  });
  pointToSession(storage, record.id);
  clearRestoreFailure(storage);
  window.location.reload();
}

/** Opens Loupe normally again (the failing session included). */
export function retryAndReload(storage: Storage | undefined): void {
  clearRestoreFailure(storage);
  window.location.reload();
}
