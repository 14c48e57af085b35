// The page's one way to bring a stored run back into the worker: `session-open`, which reads and settles it there.
import type { SessionOpenMode, SessionOpenResult } from '../../protocol/session-open-messages';
import type { SessionsContext } from './sessions-context';

/**
 * Opens run `runId` of session `sessionId` in the worker as `mode` says (session-open-messages.ts), its view sent
 * under `viewId` when given. A run the worker now keeps for this tab's session (not a read-only copy, not an empty
 * log) joins `loadedRuns`.
 */
export async function openInWorker(
  context: SessionsContext,
  sessionId: string,
  runId: string,
  mode: SessionOpenMode,
  viewId?: string,
): Promise<SessionOpenResult> {
  const result = await context.deps.client.send({
    type: 'session-open',
    sessionId,
    runId,
    mode,
    ...(viewId === undefined ? {} : { viewId }),
  });
  if (mode !== 'keep' && result.state !== 'empty') context.loadedRuns.add(runId);
  return result;
}
