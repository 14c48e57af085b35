// A run the page lost while it was working: shown as stopped until the person resumes it or ends it there.
import type { RunEvent } from '../../engine/event/run-event';
import type { RunLoadResult } from '../../protocol/session-messages';
import { applyRunEvent } from '../apply-run-event';
import { buildRunSettings } from '../build-provider-settings';
import { describeError } from '../loupe-state';
import type { RunView } from '../run-view';
import { describeInterruption } from './describe-interruption';
import { foldInParts } from './load-in-parts';
import { openInWorker } from './open-in-worker';
import type { StoredRun } from './session-record';
import type { SessionsContext } from './sessions-context';

/** The run waiting for the person's choice (Resume or End here); the worker holds its log open. */
export interface UndecidedRun {
  run: StoredRun;
  events: RunEvent[];
  /** Held at a pause (`session-open`'s `heldPause`): once resumed, the debugger follows it there. */
  heldPause: boolean;
}

export interface InterruptedRuns {
  /** Shows `events` as stopped with a notice offering Resume and End here (the worker has it open). */
  offer(run: StoredRun, events: RunEvent[], heldPause: boolean): Promise<void>;
  /** Goes on as the same run from where it was cut (the engine re-enters its round). */
  resume(): Promise<void>;
  /** Closes the run as aborted, in the worker and in storage; `show` puts it in the timeline with its repairs. */
  end(show: boolean): Promise<void>;
  /** Closes `events` of `run` in the worker and storage (`session-open`), showing it as interrupted when `show`. */
  close(run: StoredRun, events: RunEvent[], show: boolean): Promise<RunEvent[]>;
  /** Shows `all` (`events` and the closing ones the worker added, `result`) with the notice of a run closed here. */
  showClosed(events: RunEvent[], all: RunEvent[], result: RunLoadResult): Promise<void>;
  /** The run waiting for the person's choice, if any. */
  undecided(): UndecidedRun | null;
}

/** The view of a log cut short, closed for display only (its calls shown as they would end if it ends here). */
async function stoppedView(events: readonly RunEvent[]): Promise<RunView> {
  return stopForDisplay(await foldInParts(events));
}

/** `view` (of a log cut short) closed for display only, as `stoppedView`. */
export function stopForDisplay(view: RunView): RunView {
  const at = view.rounds.at(-1)?.endedAt ?? view.startedAt ?? 0;
  return applyRunEvent(view, { type: 'run-end', at, finishReason: 'aborted', usage: view.usage });
}

export function createInterruptedRuns(context: SessionsContext): InterruptedRuns {
  const { get, update, deps, loadedRuns } = context;
  let undecided: UndecidedRun | null = null;
  // Another session opened since: its choice waits until that run is shown again.
  const pendingChoice = (): UndecidedRun | null =>
    undecided !== null && context.current?.runs.some((run) => run.runId === undecided?.run.runId) === true
      ? undecided
      : null;

  async function close(run: StoredRun, events: RunEvent[], show: boolean): Promise<RunEvent[]> {
    // The worker reads the same stored log (`events` is what the page read for its view) and closes it there.
    const result = await openInWorker(context, context.current?.id ?? '', run.runId, 'close');
    // The worker stores the closing events after the stored log (its run log writer).
    const all = [...events, ...result.closingEvents];
    if (show) await showClosed(events, all, result);
    return all;
  }

  /** Shows a run closed here: its view with the repairs, and, when it was cut short, a notice saying where. */
  async function showClosed(events: RunEvent[], all: RunEvent[], result: RunLoadResult): Promise<void> {
    update({ runView: await foldInParts(all) });
    if (result.interrupted)
      update({
        sessionNotice: {
          kind: 'interrupted',
          title: `${describeInterruption(events)} Restored from the last checkpoint; unfinished calls are marked cancelled or not executed.`,
          details: result.changes,
        },
        resumeHistory: result.history,
      });
  }

  return {
    close,
    showClosed,
    undecided: pendingChoice,

    async offer(run, events, heldPause) {
      undecided = { run, events, heldPause };
      const runView = await stoppedView(events);
      update({
        runView,
        sessionNotice: {
          kind: 'interrupted',
          title: `${describeInterruption(events)} Resume goes on from there; End here keeps it stopped.`,
          details: [],
          resumable: true,
        },
        resumeHistory: null,
      });
    },

    async resume() {
      const chosen = pendingChoice();
      // Only the tab that owns the session resumes its runs, so a run never goes on twice.
      if (chosen === null || !context.owns) return;
      const { settings, debug } = get();
      if (settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert(
          'Enter your Anthropic API key (it is not kept across reloads unless remembered), then press Resume.',
        );
        return;
      }
      undecided = null;
      const { run, events, heldPause } = chosen;
      update({
        runView: await foldInParts(events),
        sessionNotice: null,
        resumeHistory: null,
      });
      // Calls that run again need their tools: the page's servers reconnect first.
      await context.waitForServers();
      try {
        await deps.client.send({
          type: 'run-resume',
          runId: run.runId,
          settings: {
            ...buildRunSettings(settings, get().currentSessionId),
            tools: get().toolSelection,
            debug: debug.settings,
          },
        });
        loadedRuns.add(run.runId);
        // Held at a pause (its key was missing at load): the debugger follows it there, in step mode.
        if (heldPause) await get().followResumedRun(run.runId);
      } catch (error) {
        get().pushAlert(`The run could not go on: ${describeError(error)}`);
        undecided = chosen;
        update({ runView: await stoppedView(events) });
      }
    },

    async end(show) {
      const chosen = pendingChoice();
      if (chosen === null || !context.owns) return;
      undecided = null;
      if (show) update({ sessionNotice: null });
      try {
        await close(chosen.run, chosen.events, show);
      } catch (error) {
        get().pushAlert(`Could not close the interrupted run: ${describeError(error)}`);
      }
    },
  };
}
