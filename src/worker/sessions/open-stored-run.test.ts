// session-open: the worker reads a stored run and settles it itself — what the page's restore decided before
// (moved from src/store/sessions/session-import-marks.test.ts and create-sessions-slice.test.ts, which still
// assert what the page shows). Real session commands keep the run; the database is the worker's.
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { transcriptToEvents } from '../../engine/transcript/transcript-to-events';
import type { SessionOpenMode } from '../../protocol/session-open-messages';
import { fixture, setup as sessionCommands } from '../../../test/support/session-commands-setup';
import { createSessionsHost } from './create-sessions-host';

const interrupted = transcriptToEvents(fixture('interrupted-mid-run'));

function setup() {
  const host = createSessionsHost({ post: () => undefined });
  const { commands } = sessionCommands();
  const table = { ...host.commands, ...host.storedRunCommands(commands) };
  const store = async (runId: string, events: RunEvent[], run: Record<string, unknown> = {}) => {
    await table['session-put']({ type: 'session-put', record: { id: 's', runs: [{ runId, ...run }] } });
    if (events.length > 0)
      await table['session-events-append']({ type: 'session-events-append', runId, fromSeq: 0, events });
  };
  const open = (runId: string, mode: SessionOpenMode) =>
    table['session-open']({ type: 'session-open', sessionId: 's', runId, mode });
  const stored = async (runId: string) =>
    (await table['session-events-read']({ type: 'session-events-read', runId })).map((event) => event.type);
  // No other tab (no Web Locks here): the session entered is owned.
  const own = () => table['session-enter']({ type: 'session-enter', sessionId: 's', tabId: 't' });
  return { commands, store, open, stored, own };
}

describe('session-open', () => {
  it('shows a run cut short kept open for the person, closes it when asked, and says where it was held', async () => {
    const { commands, store, open } = setup();
    await store('r', interrupted);
    const shown = await open('r', 'show');
    expect(shown).toMatchObject({ state: 'kept-open', heldPause: false, closingEvents: [], history: [] });
    expect(commands.transcriptOf('r').finishReason).toBeNull();
    const closed = await open('r', 'close');
    expect(closed.state).toBe('closed');
    expect(closed.closingEvents).toMatchObject([{ type: 'run-end', finishReason: 'aborted' }]);
    expect(closed.history.at(-1)?.role).toBe('user');
    expect(commands.transcriptOf('r').finishReason).toBe('aborted');
  });

  it('a run held at a pause is kept open and said to be held there; an MCP App call held is not the run held', async () => {
    const { store, open } = setup();
    const pause = (appOf?: string) =>
      ({
        type: 'pause-start',
        at: 5,
        pauseId: 'p1',
        pause: { kind: 'before-tool', ...(appOf ? { appOf } : {}) },
      }) as unknown as RunEvent;
    await store('held', [...interrupted, pause()]);
    expect(await open('held', 'show')).toMatchObject({ state: 'kept-open', heldPause: true });
    await store('app', [...interrupted, pause('ui://app')]);
    expect(await open('app', 'show')).toMatchObject({ state: 'kept-open', heldPause: false });
  });

  it('an ended run is ended; an empty log keeps nothing', async () => {
    const { commands, store, open } = setup();
    const ended = transcriptToEvents(fixture('demo-weather-clothing'));
    await store('done', ended);
    expect(await open('done', 'show')).toMatchObject({ state: 'ended', interrupted: false, heldPause: false });
    await store('none', []);
    expect(await open('none', 'show')).toMatchObject({ state: 'empty', closingEvents: [] });
    expect(() => commands.transcriptOf('none')).toThrow();
  });

  it('an import cut short is closed, its closing events stored before the reply, and the page told how much', async () => {
    const { store, open, stored, own } = setup();
    await own();
    const mark = { fileName: 'long.json', eventCount: interrupted.length + 40, rounds: 9 };
    await store('imp', interrupted, { importing: mark });
    const opened = await open('imp', 'show');
    expect(opened).toMatchObject({
      state: 'closed',
      importSettled: true,
      importCutShort: { fileName: 'long.json', stored: 1, rounds: 9 },
    });
    // Stored before the reply, with no flush: the page drops the mark next.
    expect((await stored('imp')).at(-1)).toBe('run-end');
  });

  it('an import stored whole only has its mark settled; a read-only copy settles nothing', async () => {
    const { store, open } = setup();
    const mark = { fileName: 'a.json', eventCount: interrupted.length, rounds: 2 };
    await store('whole', interrupted, { importing: mark });
    const whole = await open('whole', 'show');
    expect(whole).toMatchObject({ state: 'kept-open', importSettled: true });
    expect(whole.importCutShort).toBeUndefined();
    await store('copy', interrupted, { importing: { ...mark, eventCount: 10_000 } });
    const copy = await open('copy', 'keep');
    expect(copy).toMatchObject({ state: 'kept-open', importSettled: false });
    expect(copy.importCutShort).toBeUndefined();
  });

  it('a damaged mark or record is read as no mark (never trusted for counts)', async () => {
    const { store, open } = setup();
    for (const [index, importing] of [
      { fileName: 'x', eventCount: -1, rounds: 2 },
      { fileName: 'x', eventCount: 1e300, rounds: 2 },
      { fileName: 7, eventCount: 1, rounds: 2 },
      'cut',
      null,
    ].entries()) {
      await store(`bad-${index}`, interrupted, { importing });
      expect(await open(`bad-${index}`, 'close')).toMatchObject({ state: 'closed', importSettled: false });
    }
    const none = await setup().open('missing', 'show');
    expect(none.state).toBe('empty');
  });
});
