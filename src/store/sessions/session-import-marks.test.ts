// An import is stored record first, its runs marked until their events are written whole; a reload in between
// shows the part stored, stopped, and says so.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLongTranscript } from '../../../scripts/bench/make-long-transcript';
import {
  deleteFrom,
  importStored,
  markImporting,
  openPage,
  range,
  recordOf,
  roundsOf,
} from '../../../test/support/long-run-page';
import { MemoryStorage } from '../testing/memory-storage';
import { openStoredSessions } from '../../../test/support/worker-session-storage';

const ROUNDS = 120;

describe(`a ${ROUNDS}-round import while it is stored`, () => {
  let text = '';
  beforeAll(async () => {
    text = JSON.stringify(await makeLongTranscript(ROUNDS, 7));
  });

  it('stores the record, its runs marked, before the events of an import, and clears the marks after', async () => {
    const indexedDB = new IDBFactory();
    const page = await openPage(indexedDB, new MemoryStorage());
    const db = await openStoredSessions(indexedDB);
    let done = false;
    const imported = page.store
      .getState()
      .importTranscriptFile(new File([text], 'long.json'))
      .finally(() => (done = true));
    // Watched from another connection, as a reload would find it: at every moment some but not all events are
    // stored, the record is there and marked with what the file has.
    const marks: unknown[] = [];
    let total = 0;
    while (!done) {
      const runId = page.store.getState().runView.runId;
      if (runId !== null && total === 0) total = page.commands.keptEvents(runId, 0, Number.MAX_SAFE_INTEGER).length;
      const stored = runId === null ? 0 : await db.countEvents(runId);
      if (runId !== null && stored > 0 && stored < total)
        marks.push((await recordOf(db, runId)).runs[0]?.importing ?? 'no mark');
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await imported).toBe(true);
    const runId = page.store.getState().runView.runId!;
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks.map((mark) => JSON.stringify(mark)))).toEqual(
      new Set([JSON.stringify({ fileName: 'long.json', eventCount: total, rounds: ROUNDS })]),
    );
    expect((await recordOf(db, runId)).runs[0]?.importing).toBeUndefined();
    expect(await db.countEvents(runId)).toBe(total);
  });

  for (const storedRounds of [50, 0]) {
    it(`a reload while an import was stored (${storedRounds} of its rounds) shows that part stopped and says so`, async () => {
      const { indexedDB, storage, imported, runId, db, events } = await importStored(text);
      expect(imported).toBe(true);
      // What a reload in the middle of the writes leaves: the marked record and the events before the next round's.
      const cut = events.findIndex((event) => 'round' in event && event.round > storedRounds);
      await deleteFrom(indexedDB, runId, cut);
      await markImporting(db, runId, { fileName: 'long.json', eventCount: events.length, rounds: ROUNDS });

      const second = await openPage(indexedDB, storage);
      const state = second.store.getState();
      expect(state.sessionNotice).toEqual({
        kind: 'imported',
        title: `The import of “long.json” did not finish being saved (the page was closed or reloaded, or storage failed): ${storedRounds} of its ${ROUNDS} rounds were stored, shown here stopped. Import the file again for the whole run.`,
        details: [],
      });
      expect(state.resumeHistory).toBeNull();
      expect(roundsOf(state.runView)).toEqual(range(1, storedRounds));
      expect(state.sessionRuns[0]?.label).toBe(
        `Imported from long.json (cut short: ${storedRounds} of ${ROUNDS} rounds stored)`,
      );
      // Stored closed, without the mark: the next reload shows the same run as any stopped run, no offer to resume.
      expect((await recordOf(db, runId)).runs[0]?.importing).toBeUndefined();
      const stored = await db.readEvents(runId);
      if (storedRounds > 0) {
        expect(state.runView.finishReason).toBe('aborted');
        expect(stored.at(-1)?.type).toBe('run-end');
      }
      const third = await openPage(indexedDB, storage);
      expect(third.store.getState().sessionNotice?.resumable).not.toBe(true);
      expect(roundsOf(third.store.getState().runView)).toEqual(range(1, storedRounds));
      expect(third.store.getState().sessionRuns[0]?.label).toBe(state.sessionRuns[0]?.label);
    });
  }

  it('a reload at any event of a round: the notice counts the rounds the timeline shows', async () => {
    // A policy's act comes before its round's round-start: a log cut just after it shows that round too.
    const counted: { last: string; said: number; shown: number }[] = [];
    for (let offset = 1; offset <= 13; offset += 1) {
      const { indexedDB, storage, runId, db, events } = await importStored(text);
      // Round 51's events one by one, then the first ones of round 52.
      const cut = events.findIndex((event) => 'round' in event && event.round > 50) + offset;
      await deleteFrom(indexedDB, runId, cut);
      await markImporting(db, runId, { fileName: 'long.json', eventCount: events.length, rounds: ROUNDS });
      const state = (await openPage(indexedDB, storage)).store.getState();
      const said = Number(/: (\d+) of its/.exec(state.sessionNotice?.title ?? '')?.[1]);
      counted.push({ last: events[cut - 1]!.type, said, shown: roundsOf(state.runView).length });
    }
    expect(counted.map(({ last }) => last)).toContain('round-end');
    expect(counted.filter(({ said, shown }) => said !== shown)).toEqual([]);
  });

  it('an import stored whole whose record kept its mark comes back whole, the mark dropped', async () => {
    const indexedDB = new IDBFactory();
    const storage = new MemoryStorage();
    const first = await openPage(indexedDB, storage);
    expect(await first.store.getState().importTranscriptFile(new File([text], 'long.json'))).toBe(true);
    const before = first.store.getState().runView;
    const db = await openStoredSessions(indexedDB);
    const eventCount = await db.countEvents(before.runId!);
    await markImporting(db, before.runId!, { fileName: 'long.json', eventCount, rounds: ROUNDS });

    const second = await openPage(indexedDB, storage);
    expect(second.store.getState().runView.rounds).toEqual(before.rounds);
    expect(second.store.getState().sessionNotice).toBeNull();
    expect(second.store.getState().sessionRuns[0]?.label).toBe('Imported from long.json');
    expect((await recordOf(db, before.runId!)).runs[0]?.importing).toBeUndefined();
  });
});
