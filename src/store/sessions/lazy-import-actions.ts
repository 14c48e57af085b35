// Import, replay and compare, their code loaded on first use: a person imports a file or compares runs long after
// the page is up, and that code (folding a whole transcript, storing it in parts) is not in the first load.
import type { SessionImportActions } from './session-import-actions';

/**
 * The actions `load()` makes, each loading them on its first call. A load that fails (the chunk unreachable: offline
 * after a deploy) is told through `fail` and the action does nothing, as a failed import does (it returns false);
 * the next call tries again.
 */
export function lazyImportActions(
  load: () => Promise<SessionImportActions>,
  fail: (error: unknown) => void,
): SessionImportActions {
  let loading: Promise<SessionImportActions> | undefined;
  const actions = async (): Promise<SessionImportActions | undefined> => {
    try {
      return await (loading ??= load());
    } catch (error) {
      loading = undefined;
      fail(error);
      return undefined;
    }
  };
  return {
    importTranscriptFile: async (file, traceId) => (await actions())?.importTranscriptFile(file, traceId) ?? false,
    replayRun: async (mode) => (await actions())?.replayRun(mode),
    compareRuns: async (left, right) => (await actions())?.compareRuns(left, right) ?? null,
    listSessionRuns: async (sessionId) => (await actions())?.listSessionRuns(sessionId) ?? [],
    compareAcross: async (source, right) => (await actions())?.compareAcross(source, right) ?? null,
    continueLive: async (unmatched, names) =>
      (await actions())?.continueLive(unmatched, names) ?? { started: false, unmatched: [] },
  };
}
