// The worker's run log: what it stores, when, and what it stops storing when another tab takes the session over.
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import type { StoredSession } from '../../protocol/session-storage-messages';
import { createMemorySessionDb } from '../../shared/sessions/memory-session-db';
import { createRunLogWriter } from './run-log-writer';
import { abortedEnd as runEnd, roundEnd, runStart as start, textDelta as delta } from '../testing/run-log-events';

function setup() {
  const db = createMemorySessionDb<StoredSession, RunEvent>();
  const written: string[] = [];
  const problems: string[] = [];
  const writer = createRunLogWriter({
    db: () => Promise.resolve(db),
    reportProblem: (message) => problems.push(message),
    onWritten: (runId) => written.push(runId),
  });
  // What session-ownership.ts tells the run log as this tab comes to own the session, or loses it.
  const track = (owns: boolean) => (owns ? Promise.resolve(writer.own()) : writer.release());
  const flush = () => writer.commands['run-log-flush']({ type: 'run-log-flush' });
  const types = async (runId: string) => (await db.readEvents(runId)).map((event) => event.type);
  return { db, writer, written, problems, track, flush, types };
}

describe('the run log writer', () => {
  it('stores nothing until the page owns its session; then every run from its run-start, at checkpoints', async () => {
    const { writer, written, track, flush, types } = setup();
    writer.observe('before', start('before'));
    writer.observe('before', roundEnd);
    await track(true);
    writer.observe('run', start('run'));
    writer.observe('run', delta('a'));
    // A streaming event waits for the next checkpoint (or a flush).
    await flush();
    expect(await types('before')).toEqual([]);
    expect(await types('run')).toEqual(['run-start', 'text-delta']);
    writer.observe('run', delta('b'));
    writer.observe('run', roundEnd);
    await flush();
    expect(await types('run')).toEqual(['run-start', 'text-delta', 'text-delta', 'round-end']);
    expect(written).toContain('run');
  });

  it('never stores the Tests panel runs', async () => {
    const { writer, track, flush, types } = setup();
    await track(true);
    writer.observe('test-run-1', start('test-run-1'));
    writer.observe('test-run-1', roundEnd);
    await flush();
    expect(await types('test-run-1')).toEqual([]);
  });

  it('goes on after a loaded log, its closing events first, and after a resumed one', async () => {
    const { db, writer, track, flush, types } = setup();
    await db.appendEvents('loaded', 0, [start('loaded'), delta('a')]);
    await track(true);
    writer.keep('loaded', 2, [runEnd]);
    await flush();
    expect(await types('loaded')).toEqual(['run-start', 'text-delta', 'run-end']);
    await db.appendEvents('resumed', 0, [start('resumed')]);
    writer.keep('resumed', 1);
    writer.observe('resumed', roundEnd);
    await flush();
    expect(await types('resumed')).toEqual(['run-start', 'round-end']);
  });

  it('on a takeover writes what it buffered, then stores nothing more of any run', async () => {
    const { writer, track, types } = setup();
    await track(true);
    writer.observe('run', start('run'));
    writer.observe('run', delta('buffered'));
    await track(false);
    expect(await types('run')).toEqual(['run-start', 'text-delta']);
    writer.observe('run', roundEnd);
    writer.keep('other', 0, [runEnd]);
    await track(true);
    await writer.commands['run-log-flush']({ type: 'run-log-flush' });
    expect(await types('run')).toEqual(['run-start', 'text-delta']);
    expect(await types('other')).toEqual([]);
  });

  it('says a failed write where the person looks and writes the same events at the next checkpoint', async () => {
    const { db, writer, problems, track, types } = setup();
    await track(true);
    const append = db.appendEvents.bind(db);
    let fail = true;
    db.appendEvents = (...args) =>
      fail ? Promise.reject(new Error('Browser storage for Loupe is full')) : append(...args);
    writer.observe('run', start('run'));
    await writer.commands['run-log-flush']({ type: 'run-log-flush' });
    // Each failed write says so (the run-start's checkpoint, then the flush); the page alerts once.
    expect(problems).toEqual(['Browser storage for Loupe is full', 'Browser storage for Loupe is full']);
    fail = false;
    writer.observe('run', roundEnd);
    await writer.commands['run-log-flush']({ type: 'run-log-flush' });
    expect(await types('run')).toEqual(['run-start', 'round-end']);
  });
});
