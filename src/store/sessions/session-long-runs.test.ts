// A long import shows its last rounds first; a long stored run comes back in parts — never one whole-log message.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLongTranscript } from '../../../scripts/bench/make-long-transcript';
import { EVENTS_PER_READ, TAIL_ROUNDS } from '../../protocol/session-messages';
import { viewOfEvents } from '../fold-run-events';
import { deleteFrom, importStored, openPage, range, readAll, roundsOf } from '../../../test/support/long-run-page';
import type { StoredRunViewMessage } from '../../protocol/stored-run-view-messages';
import { MemoryStorage } from '../testing/memory-storage';
import { openStoredSessions } from '../../../test/support/worker-session-storage';

const ROUNDS = 120;

type Page = Awaited<ReturnType<typeof openPage>>;

/** The view parts the page's worker sends (`run-view`, `session-open`), in order. */
function viewParts(page: Page): StoredRunViewMessage[] {
  const parts: StoredRunViewMessage[] = [];
  page.client.subscribe((message) => {
    if (message.type === 'stored-run-view') parts.push(message);
  });
  return parts;
}

/**
 * The worker stops while it sends a kept run's view (`run-view` refused with "the engine stopped"): at once, or
 * once its tail is sent (its `log` parts never come).
 */
function stopViews(page: Page, when: 'at-once' | 'after-tail'): void {
  page.client.rewire((handlers) => ({
    ...handlers,
    'run-view': async (command) => {
      if (when === 'after-tail') {
        const emit = page.client.emit.bind(page.client);
        page.client.emit = (message) => {
          if (message.type !== 'stored-run-view' || message.part !== 'log') emit(message);
        };
        try {
          await handlers['run-view']?.(command);
        } finally {
          page.client.emit = emit;
        }
      }
      throw new Error('the engine stopped');
    },
  }));
}

describe(`a ${ROUNDS}-round run`, () => {
  let text = '';
  beforeAll(async () => {
    text = JSON.stringify(await makeLongTranscript(ROUNDS, 7));
  });

  it(`imports showing its last ${TAIL_ROUNDS} rounds first, then the whole run`, async () => {
    const page = await openPage(new IDBFactory(), new MemoryStorage());
    const imported = page.store.getState().importTranscriptFile(new File([text], 'long.json'));
    expect(await imported).toBe(true);
    const shown = page.views.filter((view) => view.rounds.length > 0);
    // The first view shown is the tail, as the run ended; the last is the whole run.
    expect(roundsOf(shown[0]!)).toEqual(range(ROUNDS - TAIL_ROUNDS + 1, ROUNDS));
    expect(shown[0]!.phase).toBe('ended');
    expect(shown[0]!.finishReason).toBe('end_turn');
    const final = page.store.getState().runView;
    expect(roundsOf(final)).toEqual(range(1, ROUNDS));
    const [run] = page.store.getState().sessionRuns;
    const events = page.commands.transcriptOf(run!.runId);
    expect(final.rounds[6]?.toolCalls[0]?.isError).toBe(true);
    expect(events.rounds).toHaveLength(ROUNDS);
    // The tail is shown with the same rounds the whole fold gives them.
    expect(shown[0]!.rounds).toEqual(final.rounds.slice(-TAIL_ROUNDS));
    expect(page.store.getState().sessionNotice?.title).toMatch(/^Imported “long\.json” as a new session/);
  });

  it('is sent by the worker as a view: its tail part first, then the whole log in parts', async () => {
    const page = await openPage(new IDBFactory(), new MemoryStorage());
    const parts = viewParts(page);
    expect(await page.store.getState().importTranscriptFile(new File([text], 'long.json'))).toBe(true);
    const runId = page.store.getState().runView.runId!;
    const [asked] = page.client.sent('run-view');
    expect(asked).toMatchObject({ runId, tailFirst: true });
    const mine = parts.filter((part) => part.viewId === asked!.viewId);
    expect(mine[0]?.part).toBe('tail');
    const logs = mine.slice(1);
    expect(logs.length).toBeGreaterThan(1);
    expect(logs.every((part) => part.part === 'log' && part.events.length <= EVENTS_PER_READ)).toBe(true);
    expect(logs.flatMap((part) => part.events)).toEqual(readAll(page, runId));
    // No read of the log by the page, and the run is not opened again.
    expect(page.client.commands.map((command) => command.type)).not.toContain('session-open');
  });

  it('folds the rest of a long import in background turns of the page once its tail is shown', async () => {
    // The page's scheduler, as Chromium has it: each background turn noted with the rounds then on screen.
    const turns: number[] = [];
    const page = await openPage(new IDBFactory(), new MemoryStorage());
    const scheduler = {
      postTask: (task: () => void, options: { priority: string }) => {
        if (options.priority === 'background') turns.push(page.store.getState().runView.rounds.length);
        return Promise.resolve().then(task);
      },
    };
    Object.assign(globalThis, { scheduler });
    try {
      expect(await page.store.getState().importTranscriptFile(new File([text], 'long.json'))).toBe(true);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
    // One background turn after each part of the whole run, the tail on screen throughout: none ran ahead.
    const parts = Math.ceil(readAll(page, page.store.getState().runView.runId!).length / EVENTS_PER_READ);
    expect(parts).toBeGreaterThan(1);
    expect(turns).toEqual(Array.from({ length: parts }, () => TAIL_ROUNDS));
    // A short import shows the run at once: nothing waits for the background.
    turns.length = 0;
    const short = await openPage(new IDBFactory(), new MemoryStorage());
    Object.assign(globalThis, { scheduler });
    try {
      const small = JSON.stringify(await makeLongTranscript(3, 7));
      expect(await short.store.getState().importTranscriptFile(new File([small], 'short.json'))).toBe(true);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
    expect(turns).toEqual([]);
  });

  it('says what was kept when the rest of a long import cannot be read after its tail was shown', async () => {
    const indexedDB = new IDBFactory();
    const storage = new MemoryStorage();
    const page = await openPage(indexedDB, storage);
    stopViews(page, 'after-tail');
    const before = page.store.getState().currentSessionId;
    expect(await page.store.getState().importTranscriptFile(new File([text], 'long.json'))).toBe(false);
    const state = page.store.getState();
    // The tail stays on the page in a new session, and the words say so (not "Nothing was changed").
    expect(state.currentSessionId).not.toBe(before);
    expect(roundsOf(state.runView)).toEqual(range(ROUNDS - TAIL_ROUNDS + 1, ROUNDS));
    const alert = state.alerts.map((entry) => entry.message).join('\n');
    expect(alert).toContain(`“long.json” was only partly imported: its last ${TAIL_ROUNDS} rounds are shown`);
    expect(alert).toContain('the engine stopped');
    expect(alert).not.toContain('Nothing was changed');
    expect(state.sessionNotice?.title).toBe(
      `Only the last ${TAIL_ROUNDS} rounds of “long.json” are shown: the earlier ones could not be read.`,
    );
    // Nothing of the run was stored: the session that was open is the one a reload opens.
    const db = await openStoredSessions(indexedDB);
    expect(await db.countEvents(state.runView.runId!)).toBe(0);
    expect((await db.listSessions()).map((record) => record.id)).toEqual([before]);
  });

  it('says nothing was changed when an import fails before anything is shown', async () => {
    const page = await openPage(new IDBFactory(), new MemoryStorage());
    stopViews(page, 'at-once');
    const short = JSON.stringify(await makeLongTranscript(TAIL_ROUNDS));
    const before = page.store.getState().currentSessionId;
    expect(await page.store.getState().importTranscriptFile(new File([short], 'short.json'))).toBe(false);
    expect(page.store.getState().alerts.at(-1)?.message).toBe(
      '“short.json” could not be imported: the engine stopped. Nothing was changed.',
    );
    expect(page.store.getState().currentSessionId).toBe(before);
  });

  it('a short import has no tail step', async () => {
    const short = JSON.stringify(await makeLongTranscript(TAIL_ROUNDS));
    const page = await openPage(new IDBFactory(), new MemoryStorage());
    const parts = viewParts(page);
    expect(await page.store.getState().importTranscriptFile(new File([short], 'short.json'))).toBe(true);
    expect(page.client.sent('run-view')[0]?.tailFirst).toBeUndefined();
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((part) => part.part === 'log')).toBe(true);
    expect(roundsOf(page.store.getState().runView)).toEqual(range(1, TAIL_ROUNDS));
  });

  it('comes back after a reload: the worker reads the whole run itself, and the view gets it', async () => {
    const indexedDB = new IDBFactory();
    const storage = new MemoryStorage();
    const first = await openPage(indexedDB, storage);
    expect(await first.store.getState().importTranscriptFile(new File([text], 'long.json'))).toBe(true);
    const before = first.store.getState().runView;

    const second = await openPage(indexedDB, storage);
    const after = second.store.getState().runView;
    expect(roundsOf(after)).toEqual(range(1, ROUNDS));
    expect(after.rounds).toEqual(before.rounds);
    // No log crosses to the worker (it was parts of 600 events before): the command names the run only.
    const [sent] = second.client.sent('session-open');
    expect(Object.keys(sent!)).not.toContain('events');
    expect(second.worker.loads[0]?.events.length).toBeGreaterThan(EVENTS_PER_READ);
    // The worker holds the whole log: its transcript is the imported one.
    const runId = after.runId!;
    expect(second.commands.transcriptOf(runId).rounds).toEqual(first.commands.transcriptOf(runId).rounds);
    expect(viewOfEvents(readAll(second, runId)).rounds).toEqual(after.rounds);
  });

  it(`restores showing its last ${TAIL_ROUNDS} rounds first, read from the end of the stored log`, async () => {
    const indexedDB = new IDBFactory();
    const storage = new MemoryStorage();
    const first = await openPage(indexedDB, storage);
    expect(await first.store.getState().importTranscriptFile(new File([text], 'long.json'))).toBe(true);
    const before = first.store.getState().runView;

    const second = await openPage(indexedDB, storage);
    const index = second.views.findIndex((view) => view.rounds.length > 0);
    const tail = second.views[index]!;
    // Shown before the worker loaded the whole log, as the run ended, with the rounds the whole fold gives.
    expect(roundsOf(tail)).toEqual(range(ROUNDS - TAIL_ROUNDS + 1, ROUNDS));
    expect(tail.phase).toBe('ended');
    expect(tail.finishReason).toBe('end_turn');
    expect(tail.rounds).toEqual(before.rounds.slice(-TAIL_ROUNDS));
    expect(second.shown[index]!.loadsDone).toBe(0);
    expect(second.shown[index]!.notice).toMatchObject({ kind: 'restoring' });
    expect(second.shown[index]!.notice?.title).toContain(`last ${TAIL_ROUNDS} of ${ROUNDS} rounds`);
    // Then the whole run, in the view and in the worker; the notice has gone.
    const after = second.store.getState().runView;
    expect(after.rounds).toEqual(before.rounds);
    expect(second.store.getState().sessionNotice).toBeNull();
    expect(second.commands.transcriptOf(after.runId!).rounds).toHaveLength(ROUNDS);
  });

  it('restores a long run cut short tail first, shown stopped, then offers Resume', async () => {
    const { indexedDB, storage, imported, runId, db, events } = await importStored(text);
    expect(imported).toBe(true);
    // The page went away in the last round, while its tools ran: the log ends after that round's reply.
    const cut = events.findLastIndex((event) => event.type === 'response-end') + 1;
    await deleteFrom(indexedDB, runId, cut);
    expect(await db.countEvents(runId)).toBe(cut);

    const second = await openPage(indexedDB, storage);
    const index = second.views.findIndex((view) => view.rounds.length > 0);
    expect(roundsOf(second.views[index]!)).toEqual(range(ROUNDS - TAIL_ROUNDS + 1, ROUNDS));
    expect(second.views[index]!.finishReason).toBe('aborted');
    expect(second.shown[index]!.loadsDone).toBe(0);
    const notice = second.store.getState().sessionNotice;
    expect(notice).toMatchObject({ kind: 'interrupted', resumable: true });
    expect(notice?.title).toContain(`Interrupted in round ${ROUNDS}`);
    expect(roundsOf(second.store.getState().runView)).toEqual(range(1, ROUNDS));
  });

  it('a short stored run is read whole, with no tail step', async () => {
    const short = JSON.stringify(await makeLongTranscript(TAIL_ROUNDS));
    const indexedDB = new IDBFactory();
    const storage = new MemoryStorage();
    const first = await openPage(indexedDB, storage);
    expect(await first.store.getState().importTranscriptFile(new File([short], 'short.json'))).toBe(true);
    const second = await openPage(indexedDB, storage);
    const shownViews = second.views.filter((view) => view.rounds.length > 0);
    expect(shownViews.length).toBeGreaterThan(0);
    expect(shownViews.every((view) => view.rounds.length === TAIL_ROUNDS)).toBe(true);
    expect(second.shown.every((entry) => entry.notice?.kind !== 'restoring')).toBe(true);
  });
});
