// run-view: the view of a run the worker keeps (an import, a branch it loaded or forked), sent as stored-run-view
// parts without opening the run again (replaces the page's chunked `run-events-read`, whose tests were in
// worker/session-commands-read.test.ts, and its `session-events-read` of a kept branch).
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLongTranscript } from '../../../scripts/bench/make-long-transcript';
import type { RunEvent } from '../../engine/event/run-event';
import { EVENTS_PER_READ, LONG_RUN_ROUNDS, TAIL_ROUNDS } from '../../protocol/session-messages';
import type { StoredSession } from '../../protocol/session-storage-messages';
import type { StoredRunViewMessage } from '../../protocol/stored-run-view-messages';
import { createMemorySessionDb } from '../../shared/sessions/memory-session-db';
import { countRounds } from '../../shared/sessions/count-rounds';
import { setup as sessionCommands } from '../../../test/support/session-commands-setup';
import { joinedViewParts } from '../testing/joined-view-parts';
import { roundEnd, runStart, textDelta } from '../testing/run-log-events';
import { createRunLogWriter } from './run-log-writer';
import { storedRunCommands, type StoredRunLoader } from './stored-run-commands';

/** The run-view command over `loader`, a real run log over an in-memory database, and what it posted, in order. */
function setup(loader: Pick<StoredRunLoader, 'keptEvents'>) {
  const db = createMemorySessionDb<StoredSession, RunEvent>();
  const writer = createRunLogWriter({ db: () => Promise.resolve(db), reportProblem: () => {}, onWritten: () => {} });
  const parts: StoredRunViewMessage[] = [];
  const table = storedRunCommands(
    {
      ...loader,
      loadRun: () => {
        throw new Error('run-view opens nothing');
      },
      resumeRun: () => Promise.reject(new Error('run-view resumes nothing')),
    },
    { db: () => Promise.resolve(db), writer, post: (part) => parts.push(part) },
  );
  const view = (runId: string, viewId: string, tailFirst?: boolean) =>
    table['run-view']({ type: 'run-view', runId, viewId, ...(tailFirst === undefined ? {} : { tailFirst }) });
  return { db, writer, parts, view };
}

describe('run-view: the view of a run the worker keeps', () => {
  let text = '';
  beforeAll(async () => {
    text = JSON.stringify(await makeLongTranscript(LONG_RUN_ROUNDS * 3));
  });

  it('sends a long import tail first when asked, then its whole log in parts, every part before the reply', async () => {
    const { commands } = sessionCommands();
    const { parts, view } = setup(commands);
    const imported = commands.importTranscript({ type: 'transcript-import', runId: 'imp', text });
    if (!imported.ok) throw new Error('the long transcript imports');
    const kept = commands.keptEvents('imp', 0, Number.MAX_SAFE_INTEGER);
    expect(kept.length).toBeGreaterThan(EVENTS_PER_READ);
    expect(await view('imp', 'v1', true)).toEqual({ eventCount: kept.length });
    const [tail, ...logs] = parts;
    expect(tail).toMatchObject({ part: 'tail', viewId: 'v1', runId: 'imp' });
    expect(tail?.events[0]?.type).toBe('run-start');
    expect(countRounds(tail?.events ?? [])).toBe(TAIL_ROUNDS);
    expect(tail?.events.slice(1)).toEqual(kept.slice(imported.tailFrom));
    expect(logs.every((part) => part.viewId === 'v1' && part.runId === 'imp')).toBe(true);
    expect(joinedViewParts(logs)).toEqual(kept);
    // Not asked for a tail (a branch), or a short run: the log only.
    parts.length = 0;
    await view('imp', 'v2');
    expect(parts.map((part) => part.part).includes('tail')).toBe(false);
    expect(joinedViewParts(parts)).toEqual(kept);
  });

  it('refuses a run it does not keep and a missing or damaged view id, posting nothing', async () => {
    const { commands } = sessionCommands();
    const { parts, view } = setup(commands);
    await expect(view('none', 'v')).rejects.toThrow(/No run with id none/);
    commands.importTranscript({ type: 'transcript-import', runId: 'imp', text });
    await expect(view('imp', '')).rejects.toThrow(/view id/);
    // A page of another make (or a damaged message) may send anything where the id goes.
    await expect(view('imp', 7 as unknown as string)).rejects.toThrow(/view id/);
    expect(parts).toEqual([]);
  });

  it('flushes the run log first, and a run still going is stored on from where it was, not from a reopening', async () => {
    const events: RunEvent[] = [];
    const { db, writer, parts, view } = setup({ keptEvents: (_runId, from, to) => events.slice(from, to) });
    writer.own();
    const observe = (event: RunEvent) => {
      events.push(event);
      writer.observe('live', event);
    };
    observe(runStart('live'));
    observe(roundEnd);
    observe(textDelta('a'));
    // The streaming delta waits for a checkpoint; the view flushes it, so the stored log is the view's.
    expect(await view('live', 'v')).toEqual({ eventCount: 3 });
    expect(joinedViewParts(parts)).toEqual(events);
    expect(await db.readEvents('live')).toEqual(events);
    observe(textDelta('b'));
    observe(roundEnd);
    await writer.commands['run-log-flush']({ type: 'run-log-flush' });
    expect(await db.readEvents('live')).toEqual(events);
  });
});
