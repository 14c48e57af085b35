// session-open with a viewId: the worker sends the page the stored run's view (tail first), so the page never reads
// the log (moved from the page's restore, src/store/sessions/session-long-runs.test.ts, which still asserts what it
// shows). Real session commands keep the run; the database is the worker's.
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLongTranscript } from '../../../scripts/bench/make-long-transcript';
import type { RunEvent } from '../../engine/event/run-event';
import { transcriptToEvents } from '../../engine/transcript/transcript-to-events';
import type { WorkerMessage } from '../../protocol/messages';
import { EVENTS_PER_READ, LONG_RUN_ROUNDS, TAIL_ROUNDS } from '../../protocol/session-messages';
import type { SessionOpenCommand } from '../../protocol/session-open-messages';
import type { StoredRunViewMessage } from '../../protocol/stored-run-view-messages';
import { setup as sessionCommands } from '../../../test/support/session-commands-setup';
import { countRounds } from '../../shared/sessions/count-rounds';
import { joinedViewParts } from '../testing/joined-view-parts';
import { createSessionsHost } from './create-sessions-host';

/** What the worker did, in order: each view part it posted and each run it loaded. */
type Step = { part: StoredRunViewMessage } | { loaded: string };

function setup() {
  const steps: Step[] = [];
  const host = createSessionsHost({
    post: (message: WorkerMessage) => {
      if (message.type === 'stored-run-view') steps.push({ part: message });
    },
  });
  const { commands } = sessionCommands();
  const table = {
    ...host.commands,
    ...host.storedRunCommands({
      ...commands,
      loadRun: (command) => {
        steps.push({ loaded: command.runId });
        return commands.loadRun(command);
      },
    }),
  };
  const store = async (runId: string, events: RunEvent[]) => {
    await table['session-put']({ type: 'session-put', record: { id: 's', runs: [{ runId }] } });
    await table['session-events-append']({ type: 'session-events-append', runId, fromSeq: 0, events });
  };
  const open = (command: Omit<SessionOpenCommand, 'type' | 'sessionId'>) =>
    table['session-open']({ type: 'session-open', sessionId: 's', ...command });
  const parts = () => steps.flatMap((step) => ('part' in step ? [step.part] : []));
  return { steps, store, open, parts };
}

describe('the view session-open sends', () => {
  let long: RunEvent[] = [];
  beforeAll(async () => {
    long = transcriptToEvents(await makeLongTranscript(LONG_RUN_ROUNDS * 3));
  });

  it('a long shown run: its last rounds before the whole log is read and loaded, then the log in parts', async () => {
    const { steps, store, open, parts } = setup();
    await store('r', long);
    expect(long.length).toBeGreaterThan(EVENTS_PER_READ);
    const opened = await open({ runId: 'r', mode: 'show', viewId: 'v1' });
    expect(opened.state).toBe('ended');
    // The tail first, before the worker loaded the run (its whole log read), every part tagged with the open.
    expect(steps[0]).toMatchObject({ part: { part: 'tail', viewId: 'v1', runId: 'r' } });
    expect(steps.findIndex((step) => 'loaded' in step)).toBeGreaterThan(0);
    const [tail] = parts();
    const events = tail?.events ?? [];
    expect(events[0]?.type).toBe('run-start');
    expect(countRounds(events)).toBe(TAIL_ROUNDS);
    expect(events.slice(1)).toEqual(long.slice(long.length - events.length + 1));
    // Then the whole log, in order and with no gap, every part before the reply.
    expect(parts().every((part) => part.viewId === 'v1' && part.runId === 'r')).toBe(true);
    expect(joinedViewParts(parts())).toEqual(long);
  });

  it('no tail for a short run or a run opened to close; the log all the same', async () => {
    const { store, open, parts } = setup();
    const short = transcriptToEvents(await makeLongTranscript(LONG_RUN_ROUNDS));
    await store('short', short);
    await open({ runId: 'short', mode: 'show', viewId: 'a' });
    await store('long', long);
    await open({ runId: 'long', mode: 'close', viewId: 'b' });
    expect(parts().filter((part) => part.part === 'tail')).toEqual([]);
    expect(joinedViewParts(parts().filter((part) => part.viewId === 'a'))).toEqual(short);
    expect(joinedViewParts(parts().filter((part) => part.viewId === 'b'))).toEqual(long);
  });

  it('sends nothing without a view id, or with one that is not a non-empty string; nothing for an empty log', async () => {
    const { store, open, parts } = setup();
    await store('r', long);
    await open({ runId: 'r', mode: 'show' });
    await open({ runId: 'r', mode: 'show', viewId: '' });
    // A page of another make (or a damaged message) may send anything where the id goes.
    await open({ runId: 'r', mode: 'show', viewId: 7 as unknown as string });
    await open({ runId: 'none', mode: 'show', viewId: 'v' });
    expect(parts()).toEqual([]);
  });
});
