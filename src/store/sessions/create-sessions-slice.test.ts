import { readFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import type { Transcript } from '../../engine/transcript/transcript';
import { transcriptToEvents } from '../../engine/transcript/transcript-to-events';
import { checkTranscriptSchema } from '../../worker/check-transcript-schema';
import { importText, toImportReply } from '../../worker/session-commands';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { MemoryStorage } from '../testing/memory-storage';
import { isCheckpoint } from '../../worker/sessions/create-checkpointer';
import { createStoredSessionCommands } from '../../../test/support/stored-session-commands';
import { createSessionsStore } from '../../../test/support/sessions-store';
import { openStoredSessions, storedLoads } from '../../../test/support/worker-session-storage';

const fixtureText = (name: string): string =>
  readFileSync(new URL(`../../../test/fixtures/transcripts/v1/${name}.json`, import.meta.url), 'utf8');
const runEvents = (name: string): RunEvent[] => transcriptToEvents(JSON.parse(fixtureText(name)) as Transcript);

/** A page: a store over a client whose worker side is the real session commands. Reloads share IndexedDB and localStorage. */
function page(indexedDB: IDBFactory, storage: MemoryStorage) {
  const commands = createStoredSessionCommands();
  const client = new FakeEngineClient({
    'transcript-import': async (command) =>
      toImportReply(commands.importTranscript({ ...command, text: await importText(command) }, checkTranscriptSchema)),
    'runs-compare': (command) => commands.compareRuns(command.leftRunId, command.rightRunId),
  });
  const store = createSessionsStore(client, { storage, indexedDB, loader: commands });
  return { store, client, commands, worker: storedLoads(client) };
}

async function freshPage(indexedDB = new IDBFactory(), storage = new MemoryStorage()) {
  const loaded = page(indexedDB, storage);
  await loaded.store.getState().initSessions();
  return { ...loaded, indexedDB, storage };
}

describe('sessions: checkpoints and recovery', () => {
  const events = runEvents('demo-weather-clothing').map((event) =>
    event.type === 'run-start' ? { ...event, runId: 'run-live' } : event,
  );
  const boundaries = events.flatMap((event, index) => (isCheckpoint(event) ? [[event.type, index] as const] : []));

  it('has a checkpoint of every kind the loop crosses', () => {
    expect(new Set(boundaries.map(([type]) => type))).toEqual(
      new Set([
        'run-start',
        'round-start',
        'response-end',
        'tool-call-end',
        'tool-results-commit',
        'round-end',
        'run-end',
      ]),
    );
  });

  it.each(boundaries)('a reload after a %s checkpoint (event %i) restores the run up to it', async (type, index) => {
    const first = await freshPage();
    first.client.emitRunEvent('run-live', { type: 'text-delta', round: 1, index: 0, text: 'ignored: no run yet' });
    for (const event of events.slice(0, index + 1)) first.client.emitRunEvent('run-live', event);
    // A streaming event after the checkpoint is not saved until the next one: it is lost on reload.
    first.client.emitRunEvent('run-live', { type: 'text-delta', round: 1, index: 0, text: 'unsaved' });
    await new Promise((resolve) => setTimeout(resolve, 30));

    const second = await freshPage(first.indexedDB, first.storage);
    const [load] = second.worker.loads;
    expect(load?.events.map((event) => event.type)).toEqual(events.slice(0, index + 1).map((event) => event.type));
    const state = second.store.getState();
    expect(state.runView.runId).toBe('run-live');
    expect(state.runView.phase).toBe('ended');
    if (type === 'run-end') {
      expect(state.runView.finishReason).toBe('end_turn');
      expect(state.sessionNotice).toBeNull();
      expect(state.resumeHistory).toBeNull();
    } else {
      // Shown stopped, with the choice: Resume or End here. The worker keeps the log open meanwhile.
      expect(state.runView.finishReason).toBe('aborted');
      expect(load?.keepOpen).toBe(true);
      expect(state.sessionNotice).toMatchObject({ kind: 'interrupted', resumable: true });
      expect(state.sessionNotice?.title).toMatch(
        /^Interrupted.* Resume goes on from there; End here keeps it stopped\.$/,
      );
      await state.endInterruptedRun();
      const ended = second.store.getState();
      expect(ended.sessionNotice?.resumable).toBeUndefined();
      expect(ended.sessionNotice?.title).toMatch(/^Interrupted/);
      const history = ended.resumeHistory ?? [];
      const uses = history.flatMap((message) => message.content.filter((block) => block.type === 'tool_use'));
      const results = history.flatMap((message) => message.content.filter((block) => block.type === 'tool_result'));
      expect(results).toHaveLength(uses.length);
    }
    // The closing run-end was stored: a second reload shows the run as ended, not interrupted again.
    await second.store.getState().flushSessions();
    const third = await freshPage(first.indexedDB, first.storage);
    expect(third.store.getState().sessionNotice).toBeNull();
    expect(third.store.getState().runView.phase).toBe('ended');
  });

  it('Resume has the worker go on from the stored log as the same run, which goes on storing after it', async () => {
    const first = await freshPage();
    const cut = events.findIndex((event) => event.type === 'tool-call-end');
    for (const event of events.slice(0, cut)) first.client.emitRunEvent('run-live', event);
    await first.store.getState().flushSessions();

    const second = await freshPage(first.indexedDB, first.storage);
    // No server to wait for (this fake worker never connects the demo one).
    second.store.setState({ servers: [] });
    await second.store.getState().resumeInterruptedRun();
    const [resume] = second.worker.resumes;
    expect(resume?.runId).toBe('run-live');
    expect(resume?.events.map((event) => event.type)).toEqual(events.slice(0, cut).map((event) => event.type));
    const state = second.store.getState();
    expect(state.sessionNotice).toBeNull();
    expect(state.runView).toMatchObject({ runId: 'run-live', phase: 'running' });
    // The resumed run's events follow the stored ones in the same log.
    for (const event of events.slice(cut)) second.client.emitRunEvent('run-live', event);
    await second.store.getState().flushSessions();
    const third = await freshPage(first.indexedDB, first.storage);
    expect(third.worker.loads[0]?.events).toHaveLength(events.length);
    expect(third.store.getState().sessionNotice).toBeNull();
    expect(third.store.getState().runView.finishReason).toBe('end_turn');
  });

  it('a new run while the choice is open ends the interrupted run there', async () => {
    const first = await freshPage();
    for (const event of events.slice(0, 4)) first.client.emitRunEvent('run-live', event);
    await first.store.getState().flushSessions();
    const second = await freshPage(first.indexedDB, first.storage);
    second.client.emitRunEvent('run-next', { ...events[0]!, runId: 'run-next' } as RunEvent);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await second.store.getState().flushSessions();
    const loads = second.worker.loads;
    expect(loads.map((load) => [load.runId, load.keepOpen === true])).toEqual([
      ['run-live', true],
      ['run-live', false],
    ]);
    expect(await (await openStoredSessions(first.indexedDB)).readEvents('run-live')).toHaveLength(5);
  });

  it('writes at checkpoints only, not at every text delta', async () => {
    const indexedDB = new IDBFactory();
    const db = await openStoredSessions(indexedDB);
    const first = await freshPage(indexedDB);
    const deltas = Array.from({ length: 200 }, (_, index): RunEvent => ({
      type: 'text-delta',
      round: 1,
      index: 0,
      text: `${index}`,
    }));
    first.client.emitRunEvent('run-live', events[0]!);
    for (const delta of deltas) first.client.emitRunEvent('run-live', delta);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await db.readEvents('run-live')).toHaveLength(1);
    first.client.emitRunEvent(
      'run-live',
      events.find((event) => event.type === 'response-end')!,
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await db.readEvents('run-live')).toHaveLength(202);
  });
});

describe('sessions: list', () => {
  it('creates, renames, duplicates, opens and deletes sessions, and keeps them across reloads', async () => {
    const first = await freshPage();
    const events = runEvents('demo-weather-clothing');
    for (const event of events)
      first.client.emitRunEvent('r1', event.type === 'run-start' ? { ...event, runId: 'r1' } : event);
    await first.store.getState().flushSessions();
    const state = () => first.store.getState();
    const original = state().currentSessionId!;
    await state().renameSession(original, 'Paris outfit');
    await state().duplicateSession(original);
    expect(
      state()
        .sessions.map((session) => session.name)
        .sort(),
    ).toEqual(['Paris outfit', 'Paris outfit (copy)']);
    const copy = state().sessions.find((session) => session.name.endsWith('(copy)'))!;
    expect(copy.runCount).toBe(1);

    await state().newSession();
    expect(state().runView.runId).toBeNull();
    expect(state().sessions).toHaveLength(3);

    await state().openSession(copy.id);
    expect(state().runView.rounds).toHaveLength(3);
    expect(state().runView.runId).not.toBe('r1');

    await state().deleteSession(original);
    expect(state().sessions.map((session) => session.name)).not.toContain('Paris outfit');

    const reloaded = await freshPage(first.indexedDB, first.storage);
    expect(reloaded.store.getState().currentSessionId).toBe(copy.id);
    expect(reloaded.store.getState().runView.rounds).toHaveLength(3);
    expect(reloaded.store.getState().sessions).toHaveLength(2);
  });
});

describe('sessions: import', () => {
  const file = (text: string, name = 'run.json') => new File([text], name, { type: 'application/json' });

  it('opens a transcript as a new session, shown by folding its events, with no model request', async () => {
    const loaded = await freshPage();
    const before = loaded.store.getState().currentSessionId;
    expect(await loaded.store.getState().importTranscriptFile(file(fixtureText('image-result')))).toBe(true);
    const state = loaded.store.getState();
    expect(state.currentSessionId).not.toBe(before);
    expect(state.sessions).toHaveLength(2);
    expect(state.runView.rounds).toHaveLength(2);
    expect(state.runView.rounds[0]?.toolCalls[0]?.content.some((block) => block.type === 'image')).toBe(true);
    expect(state.runView.finishReason).toBe('end_turn');
    expect(state.sessionNotice?.kind).toBe('imported');
    expect(loaded.client.sent('run-start')).toEqual([]);
  });

  it('refuses a broken file with an alert that names the problem and changes nothing', async () => {
    const loaded = await freshPage();
    const before = loaded.store.getState();
    const broken = JSON.parse(fixtureText('demo-weather-clothing')) as Record<string, unknown>;
    broken['rounds'] = 'none';
    expect(await loaded.store.getState().importTranscriptFile(file(JSON.stringify(broken), 'bad.json'))).toBe(false);
    const after = loaded.store.getState();
    expect(after.alerts.at(-1)?.message).toMatch(
      /^“bad\.json” was not imported — nothing was changed\. rounds: expected a list, got the text "none"\./,
    );
    expect(after.currentSessionId).toBe(before.currentSessionId);
    expect(after.sessions).toEqual(before.sessions);
    expect(after.runView).toBe(before.runView);
  });

  it("clears a failed import's alert once an import succeeds, and leaves other alerts", async () => {
    const loaded = await freshPage();
    loaded.store.getState().pushAlert('Something else went wrong.');
    const broken = JSON.parse(fixtureText('demo-weather-clothing')) as Record<string, unknown>;
    broken['rounds'] = 'none';
    await loaded.store.getState().importTranscriptFile(file(JSON.stringify(broken), 'bad.json'));
    expect(loaded.store.getState().alerts).toHaveLength(2);
    expect(await loaded.store.getState().importTranscriptFile(file(fixtureText('demo-weather-clothing')))).toBe(true);
    expect(loaded.store.getState().alerts.map((alert) => alert.message)).toEqual(['Something else went wrong.']);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const loaded = await freshPage();
    const huge = {
      name: 'huge.json',
      size: 300 * 1024 * 1024,
      text: () => Promise.reject(new Error('must not be read')),
    } as unknown as File;
    expect(await loaded.store.getState().importTranscriptFile(huge)).toBe(false);
    expect(loaded.store.getState().alerts.at(-1)?.message).toBe(
      '“huge.json” was not imported: it is 300 MB and Loupe opens transcripts up to 50 MB. Nothing was changed.',
    );
    expect(loaded.client.sent('transcript-import')).toEqual([]);
  });
});

describe('sessions: storage problems', () => {
  it('reports a browser that refuses storage and keeps working in memory', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const loaded = await freshPage(refusing);
    const state = loaded.store.getState();
    expect(state.storageProblem).toMatch(/does not let Loupe store data/);
    expect(state.alerts.map((alert) => alert.message)).toContainEqual(expect.stringMatching(/private window/));
    expect(state.sessions).toHaveLength(1);
  });
});
