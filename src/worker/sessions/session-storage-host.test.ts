// The worker's session storage: where it keeps sessions when IndexedDB is refused, and what it tells the page.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { BLOCKED_TEXT } from './session-db';
import { createSessionStorageHost } from './session-storage-host';

const delta = (text: string): RunEvent => ({ type: 'text-delta', round: 1, index: 0, text });

async function keepAndRead(host: ReturnType<typeof createSessionStorageHost>) {
  const { commands } = host;
  await commands['session-put']({ type: 'session-put', record: { id: 's1', runs: [{ runId: 'r1' }] } });
  await commands['session-events-append']({
    type: 'session-events-append',
    runId: 'r1',
    fromSeq: 0,
    events: [delta('a'), delta('b')],
  });
  return {
    list: await commands['session-list']({ type: 'session-list' }),
    events: await commands['session-events-read']({ type: 'session-events-read', runId: 'r1', from: 1 }),
    count: await (await host.db()).countEvents('r1'),
    missing: await commands['session-get']({ type: 'session-get', sessionId: 'nope' }),
  };
}

describe('the worker keeps sessions', () => {
  it('in IndexedDB, where a second worker (a reload, another tab) reads them', async () => {
    const factory = new IDBFactory();
    const problems: string[] = [];
    const first = await keepAndRead(
      createSessionStorageHost({ factory, reportProblem: (text) => problems.push(text) }),
    );
    expect(first).toEqual({
      list: [{ id: 's1', runs: [{ runId: 'r1' }] }],
      events: [delta('b')],
      count: 2,
      missing: null,
    });
    const second = createSessionStorageHost({ factory, reportProblem: (text) => problems.push(text) });
    await second.commands['session-delete']({ type: 'session-delete', record: { id: 's1', runs: [{ runId: 'r1' }] } });
    expect(await second.commands['session-list']({ type: 'session-list' })).toEqual([]);
    expect(await (await second.db()).countEvents('r1')).toBe(0);
    expect(problems).toEqual([]);
  });

  it('in memory when the browser offers no IndexedDB, and says so once', async () => {
    const problems: string[] = [];
    const host = createSessionStorageHost({ factory: null, reportProblem: (text) => problems.push(text) });
    expect((await keepAndRead(host)).count).toBe(2);
    expect(problems).toEqual(['this browser offers no IndexedDB, so sessions will not survive a reload']);
  });

  it('in memory when an older tab blocks the database, with the words that say what to do', async () => {
    const factory = new IDBFactory();
    // An older Loupe that ignores versionchange keeps version 1 open while this worker needs version 2.
    const older = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open('loupe', 1);
      request.onsuccess = () => resolve(request.result);
    });
    const problems: string[] = [];
    const host = createSessionStorageHost({
      factory,
      reportProblem: (text) => problems.push(text),
      database: { version: 2 },
    });
    expect((await keepAndRead(host)).count).toBe(2);
    expect(problems).toEqual([BLOCKED_TEXT]);
    older.close();
  });
});
