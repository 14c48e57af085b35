// run-load and run-resume by id: the worker reads the stored log itself and stores on from where it ends.
import { describe, expect, it } from 'vitest';
import type { WorkerMessage } from '../../protocol/messages';
import type { StoredRunLoad, StoredRunResume } from '../session-commands';
import { createSessionsHost } from './create-sessions-host';
import { abortedEnd as runEnd, roundStart, runStart } from '../testing/run-log-events';

const start = runStart('r');

function setup() {
  const posted: WorkerMessage[] = [];
  const host = createSessionsHost({ post: (message) => posted.push(message) });
  const loads: StoredRunLoad[] = [];
  const resumes: StoredRunResume[] = [];
  let refuse = false;
  const commands = host.storedRunCommands({
    loadRun: (command) => {
      loads.push(command);
      return { interrupted: true, closingEvents: [runEnd], history: [], changes: [] };
    },
    resumeRun: (command) => {
      resumes.push(command);
      return refuse ? Promise.reject(new Error('The stored run has already ended')) : Promise.resolve(null);
    },
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
  it('run-load reads the stored log, and a closed run has its closing events stored after it', async () => {
    const { commands, table, loads, stored, own, flush, posted } = setup();
    await table['session-events-append']({ type: 'session-events-append', runId: 'r', fromSeq: 0, events: [start] });
    await own();
    await commands['run-load']({ type: 'run-load', runId: 'r' });
    expect(loads[0]?.events).toEqual([start]);
    await flush();
    expect(await stored()).toEqual(['run-start', 'run-end']);
    expect(posted).toContainEqual(expect.objectContaining({ type: 'run-log-written', runId: 'r' }));
  });

  it('a tab that does not own the session loads the run and stores nothing', async () => {
    const { commands, table, stored, flush } = setup();
    await table['session-events-append']({ type: 'session-events-append', runId: 'r', fromSeq: 0, events: [start] });
    await commands['run-load']({ type: 'run-load', runId: 'r', keepOpen: true });
    await flush();
    expect(await stored()).toEqual(['run-start']);
  });

  it('run-resume reads the stored log and stores the resumed run after it; a refused one stores nothing', async () => {
    const { host, commands, table, resumes, stored, own, flush, refuseResumes } = setup();
    await table['session-events-append']({ type: 'session-events-append', runId: 'r', fromSeq: 0, events: [start] });
    await own();
    await commands['run-resume']({ type: 'run-resume', runId: 'r', settings: {} as never });
    expect(resumes[0]?.events).toEqual([start]);
    host.observe('r', roundStart);
    await flush();
    expect(await stored()).toEqual(['run-start', 'round-start']);

    refuseResumes();
    await table['session-events-append']({ type: 'session-events-append', runId: 'x', fromSeq: 0, events: [start] });
    await expect(commands['run-resume']({ type: 'run-resume', runId: 'x', settings: {} as never })).rejects.toThrow(
      /already ended/,
    );
    host.observe('x', roundStart);
    await flush();
    expect(
      (await table['session-events-read']({ type: 'session-events-read', runId: 'x' })).map((event) => event.type),
    ).toEqual(['run-start']);
  });
});
