// session-open and run-resume by id: the worker reads the stored log itself (once, at the open) and stores on from where it ends.
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import type { WorkerMessage } from '../../protocol/messages';
import type { RunResumeCommand } from '../../protocol/session-messages';
import type { StoredRunLoad } from '../session-commands';
import { createSessionsHost } from './create-sessions-host';
import { abortedEnd as runEnd, roundStart, runStart } from '../testing/run-log-events';

const start = runStart('r');

function setup() {
  const posted: WorkerMessage[] = [];
  const host = createSessionsHost({ post: (message) => posted.push(message) });
  const loads: StoredRunLoad[] = [];
  const resumes: RunResumeCommand[] = [];
  // The length of each log the open kept open: what a resume goes on from.
  const keptOpen = new Map<string, number>();
  let refuse = false;
  // The events of an import the worker keeps (runId aside: one run).
  const kept: RunEvent[] = [start, roundStart, runEnd];
  const commands = host.storedRunCommands({
    loadRun: (command) => {
      loads.push(command);
      if (command.keepOpen === true) keptOpen.set(command.runId, command.events.length);
      return command.keepOpen === true
        ? { interrupted: true, closingEvents: [], history: [], changes: [] }
        : { interrupted: true, closingEvents: [runEnd], history: [], changes: [] };
    },
    resumeRun: (command, kept) => {
      resumes.push(command);
      const count = keptOpen.get(command.runId);
      if (count === undefined) return Promise.reject(new Error('not open here'));
      kept?.(count);
      // Refused after the writer was told (as a loop that fails to start): the writer forgets the run.
      return refuse ? Promise.reject(new Error('The run could not start')) : Promise.resolve(null);
    },
    keptEvents: (_runId: string, from: number, to: number) => kept.slice(from, Math.min(to, kept.length)),
  });
  const table = host.commands;
  const stored = async () =>
    (await table['session-events-read']({ type: 'session-events-read', runId: 'r' })).map((event) => event.type);
  // No other tab (no Web Locks here): the session entered is owned.
  const own = () => table['session-enter']({ type: 'session-enter', sessionId: 's', tabId: 't' });
  const flush = () => table['run-log-flush']({ type: 'run-log-flush' });
  const refuseResumes = () => (refuse = true);
  return { host, commands, table, loads, resumes, stored, own, flush, refuseResumes, posted };
}

describe('stored runs back into the worker by id', () => {
  it('session-open reads the stored log, and a closed run has its closing events stored after it', async () => {
    const { commands, table, loads, stored, own, flush, posted } = setup();
    await table['session-events-append']({ type: 'session-events-append', runId: 'r', fromSeq: 0, events: [start] });
    await own();
    await commands['session-open']({ type: 'session-open', sessionId: 's', runId: 'r', mode: 'close' });
    expect(loads[0]?.events).toEqual([start]);
    await flush();
    expect(await stored()).toEqual(['run-start', 'run-end']);
    expect(posted).toContainEqual(expect.objectContaining({ type: 'run-log-written', runId: 'r' }));
  });

  it('a tab that does not own the session loads the run and stores nothing', async () => {
    const { commands, table, stored, flush } = setup();
    await table['session-events-append']({ type: 'session-events-append', runId: 'r', fromSeq: 0, events: [start] });
    await commands['session-open']({ type: 'session-open', sessionId: 's', runId: 'r', mode: 'keep' });
    await flush();
    expect(await stored()).toEqual(['run-start']);
  });

  it('run-resume goes on from the log the open kept, not read again, and stores after it; a refused one stores nothing', async () => {
    const { host, commands, table, resumes, stored, own, flush, refuseResumes } = setup();
    const append = (runId: string, fromSeq: number, events: RunEvent[]) =>
      table['session-events-append']({ type: 'session-events-append', runId, fromSeq, events });
    await append('r', 0, [start]);
    await own();
    await commands['session-open']({ type: 'session-open', sessionId: 's', runId: 'r', mode: 'show' });
    // A row written behind the worker's back after the open: a second read would resume after it.
    await append('r', 1, [roundStart]);
    await commands['run-resume']({ type: 'run-resume', runId: 'r', settings: {} as never });
    expect(resumes[0]).toEqual({ type: 'run-resume', runId: 'r', settings: {} });
    host.observe('r', runEnd);
    await flush();
    expect(await stored()).toEqual(['run-start', 'run-end']);

    // Never opened here: refused, and its log stays as it was.
    await append('n', 0, [start]);
    await expect(commands['run-resume']({ type: 'run-resume', runId: 'n', settings: {} as never })).rejects.toThrow(
      /not open here/,
    );
    host.observe('n', roundStart);
    await flush();
    const read = async (runId: string) =>
      (await table['session-events-read']({ type: 'session-events-read', runId })).map((event) => event.type);
    expect(await read('n')).toEqual(['run-start']);

    refuseResumes();
    await append('x', 0, [start]);
    await commands['session-open']({ type: 'session-open', sessionId: 's', runId: 'x', mode: 'show' });
    await expect(commands['run-resume']({ type: 'run-resume', runId: 'x', settings: {} as never })).rejects.toThrow(
      /could not start/,
    );
    host.observe('x', roundStart);
    await flush();
    expect(await read('x')).toEqual(['run-start']);
  });

  it('session-import-store writes a range of the run the worker keeps, at its positions', async () => {
    const { commands, stored } = setup();
    await commands['session-import-store']({ type: 'session-import-store', runId: 'r', from: 0, to: 2 });
    expect(await stored()).toEqual(['run-start', 'round-start']);
    await commands['session-import-store']({ type: 'session-import-store', runId: 'r', from: 2, to: 1e9 });
    expect(await stored()).toEqual(['run-start', 'round-start', 'run-end']);
  });

  it('session-runs-copy copies stored logs under new ids; a copy onto a stored log (or itself) writes nothing', async () => {
    const { commands, table, host, own, flush } = setup();
    const read = async (runId: string) => table['session-events-read']({ type: 'session-events-read', runId });
    await table['session-events-append']({ type: 'session-events-append', runId: 'r', fromSeq: 0, events: [start] });
    // What the worker still buffers for the run is copied too.
    await own();
    await commands['session-open']({ type: 'session-open', sessionId: 's', runId: 'r', mode: 'show' });
    await commands['run-resume']({ type: 'run-resume', runId: 'r', settings: {} as never });
    host.observe('r', roundStart);
    await commands['session-runs-copy']({ type: 'session-runs-copy', copies: [{ from: 'r', to: 'c' }] });
    expect(await read('c')).toEqual([{ ...start, runId: 'c' }, roundStart]);
    await flush();
    for (const copies of [
      [{ from: 'r', to: 'c' }],
      [{ from: 'r', to: 'r' }],
      [
        { from: 'r', to: 'd' },
        { from: 'r', to: 'c' },
      ],
    ])
      await expect(commands['session-runs-copy']({ type: 'session-runs-copy', copies })).rejects.toThrow(/already has/);
    expect(await read('d')).toEqual([]);
    expect(await read('r')).toEqual([start, roundStart]);
  });
});
