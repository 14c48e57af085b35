// Import and replay: a transcript file opened as a new session, a run replayed, two runs compared.
import { MAX_TRANSCRIPT_BYTES, TAIL_ROUNDS } from '../../protocol/session-messages';
import { foldRunEvents } from '../fold-run-events';
import { initialRunView, type RunView } from '../run-view';
import type { RunEvent } from '../../engine/event/run-event';
import { foldPartByPart, yieldInBackground, yieldToPage } from './load-in-parts';
import { readKeptView } from './open-stored-view';
import { buildRunSettings } from '../build-provider-settings';
import { describeError } from '../loupe-state';
import { diffImportedSettings } from '../diff-imported-settings';
import { writeBranches } from './session-branches';
import type { SessionRestore } from './session-restore';
import { storeImport, type ImportedLog } from './store-import';
import { countRounds } from '../../shared/sessions/count-rounds';
import type { SessionsSlice } from './sessions-state';
import type { SessionsContext } from './sessions-context';
import { createContinueLive } from './session-continue-live';
import { createCompareAcross } from './session-compare-across';

export type SessionImportActions = Pick<
  SessionsSlice,
  'importTranscriptFile' | 'replayRun' | 'compareRuns' | 'continueLive' | 'listSessionRuns' | 'compareAcross'
>;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);

/** The words of an import failure's alert (a later successful import clears such alerts). */
const NOT_IMPORTED = 'was not imported';

export function createSessionImportActions(context: SessionsContext, restore: SessionRestore): SessionImportActions {
  const { get, update, deps, options, loadedRuns } = context;
  return {
    ...createContinueLive(context, restore),
    ...createCompareAcross(context, restore),
    async importTranscriptFile(chosen, traceId) {
      update({ traceChoice: null });
      // Several files picked together are one OpenTelemetry export (traces and logs apart): named and sized as one.
      const files: File[] = Array.isArray(chosen) ? [...(chosen as readonly File[])] : [chosen as File];
      const [first, ...moreFiles] = files;
      if (first === undefined) return false;
      const file = {
        name: files.map((each) => each.name).join(' + '),
        size: files.reduce((sum, each) => sum + each.size, 0),
      };
      if (file.size > MAX_TRANSCRIPT_BYTES) {
        get().pushAlert(
          `“${file.name}” ${NOT_IMPORTED}: it is ${mb(file.size)} MB and Loupe opens transcripts up to ${mb(MAX_TRANSCRIPT_BYTES)} MB. Nothing was changed.`,
        );
        return false;
      }
      // How far the import got, so a failure says what it changed: nothing, or a new session showing the tail.
      let tailShown = false;
      let opened = false;
      try {
        const runId = deps.createId();
        // The worker reads the file: its text is never copied through the page.
        const result = await deps.client.send({
          type: 'transcript-import',
          runId,
          file: first,
          ...(moreFiles.length > 0 ? { moreFiles } : {}),
          ...(traceId !== undefined ? { traceId } : {}),
        });
        if (!result.ok && result.traces) {
          // An OTLP file of several agent traces: nothing is imported until the person picks one.
          update({ traceChoice: { files, name: file.name, traces: result.traces } });
          return false;
        }
        if (!result.ok) {
          const shown = result.problems
            .slice(0, 6)
            .map((problem) => `${problem.path}: expected ${problem.expected}, got ${problem.got}.`);
          const more = result.problems.length - shown.length;
          get().pushAlert(
            `“${file.name}” ${NOT_IMPORTED} — nothing was changed. ${shown.join(' ')}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`,
          );
          return false;
        }
        if (get().runView.phase === 'running') await get().stop();
        const record = context.blankSession(result.title || file.name);
        record.runs = [
          {
            runId,
            origin: 'imported',
            label: `Imported from ${file.name}`,
            startedAt: options.now(),
            meta: result.meta,
          },
        ];
        record.activeRunId = runId;
        for (const branch of result.branches ?? []) {
          const label = `Branch “${branch.info.name}” from ${file.name}`;
          record.runs.push({
            runId: branch.info.runId,
            origin: 'imported',
            label,
            startedAt: options.now(),
            meta: result.meta,
          });
        }
        // A long run: the worker sends its last rounds first, shown while the rest comes.
        const tail: { shown: RunView | null } = { shown: null };
        const showTail = async (events: RunEvent[]) => {
          const view = foldRunEvents({ ...initialRunView }, events);
          await context.makeCurrent(record);
          tailShown = true;
          tail.shown = view;
          update({
            runView: view,
            sessionNotice: {
              kind: 'imported',
              title: `Importing “${file.name}”: its last ${TAIL_ROUNDS} rounds are shown while the earlier ones are read…`,
              details: [],
            },
          });
        };
        // The worker keeps the run and sends it as its view; it is folded in parts, each a short task. With the tail
        // on screen, the rest waits for the page's idle turns: interleaved with the frames that mount the tail's
        // cards, its parts (37 of them at 2,000 rounds) held those frames back.
        const events = await readKeptView(context, runId, result.tailFrom === undefined ? undefined : showTail);
        const shown = tail.shown;
        const view = await foldPartByPart(events, shown === null ? yieldToPage : yieldInBackground);
        // The worker stores the logs it keeps: only their counts are the page's (the import's marks).
        const logs: ImportedLog[] = [{ runId, eventCount: events.length, rounds: countRounds(events) }];
        for (const branch of result.branches ?? [])
          logs.push({ runId: branch.info.runId, eventCount: branch.eventCount, rounds: branch.rounds });
        // The writes below fill positions 0…n-1; the worker's later checkpoints of the run go on after them.
        for (const log of logs) loadedRuns.add(log.runId);
        writeBranches(record, result.family ?? []);
        opened = true;
        if (shown === null) await context.makeCurrent(record);
        else if (get().runView !== shown || context.current !== record) {
          // The person moved on while the rest was read (another session, a new run): the import is stored only.
          await storeImport(context, record, logs, file.name);
          return true;
        }
        // The run is shown first; storage follows in short batches (session-db), off the path to the first paint.
        update({
          // An earlier failed import's alert is stale once one succeeds: it would sit above the success notice.
          alerts: get().alerts.filter((alert) => !alert.message.includes(NOT_IMPORTED)),
          runView: view,
          sessionNotice: {
            kind: 'imported',
            title: `Imported “${file.name}” as a new session${result.changes.length > 0 ? ', with repairs' : ''}.`,
            details: result.changes,
          },
        });
        // The page shows the run before the first batch is written: written at once, its puts joined the task
        // that renders the run (23 ms of a 200-round import's longest task).
        await yieldToPage();
        await storeImport(context, record, logs, file.name);
        await restore.restoreFamily(record);
        // The file's model settings are shown and offered, never adopted silently.
        get().offerImportedSettings(diffImportedSettings(result.meta.settings, get().settings));
        return true;
      } catch (error) {
        const why = describeError(error);
        if (opened) {
          // The whole run was read and opened; a later step (storage, branches) failed.
          get().pushAlert(`“${file.name}” was imported as a new session, but then something failed: ${why}.`);
          return true;
        }
        if (!tailShown) {
          get().pushAlert(`“${file.name}” could not be imported: ${why}. Nothing was changed.`);
          return false;
        }
        // Its last rounds are on the page in a new session; the rest never came, so nothing was stored.
        update({
          sessionNotice: {
            kind: 'imported',
            title: `Only the last ${TAIL_ROUNDS} rounds of “${file.name}” are shown: the earlier ones could not be read.`,
            details: [],
          },
        });
        get().pushAlert(
          `“${file.name}” was only partly imported: its last ${TAIL_ROUNDS} rounds are shown in a new session, but reading the earlier ones failed: ${why}. That session is not saved; import the file again for the whole run. Your other sessions were not changed.`,
        );
        return false;
      }
    },

    async replayRun(mode) {
      const { runView, settings } = get();
      const sourceRunId = runView.runId;
      const { current } = context;
      if (sourceRunId === null || runView.phase === 'running' || !current) return;
      if (mode === 'live' && settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert(
          'Enter your Anthropic API key to replay against the live model, or replay with the recorded replies.',
        );
        return;
      }
      const run = current.runs.find((candidate) => candidate.runId === sourceRunId);
      if (run && !loadedRuns.has(sourceRunId)) await restore.ensureLoaded(run, false).catch(() => undefined);
      const runId = deps.createId();
      const label =
        mode === 'offline'
          ? 'Offline replay (recorded replies and results)'
          : mode === 'recorded'
            ? 'Replay with recorded replies'
            : 'Replay against the live model';
      await restore.startTracked(runId, { origin: 'replay', label, sourceRunId }, () =>
        deps.client.send({
          type: 'run-replay',
          runId,
          sourceRunId,
          mode,
          settings: buildRunSettings(settings, get().currentSessionId),
        }),
      );
    },

    async compareRuns(leftRunId, rightRunId) {
      try {
        for (const runId of [leftRunId, rightRunId]) {
          const run = context.current?.runs.find((candidate) => candidate.runId === runId);
          if (run && !loadedRuns.has(runId)) await restore.ensureLoaded(run, false);
        }
        return await deps.client.send({ type: 'runs-compare', leftRunId, rightRunId });
      } catch (error) {
        get().pushAlert(`Could not compare the runs: ${describeError(error)}`);
        return null;
      }
    },
  };
}
