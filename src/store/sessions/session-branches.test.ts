import { readFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import type { Transcript } from '../../engine/transcript/transcript';
import { transcriptToEvents } from '../../engine/transcript/transcript-to-events';
import type { BranchInfo } from '../../protocol/debug-messages';
import { checkTranscriptSchema } from '../../worker/check-transcript-schema';
import { importText, toImportReply } from '../../worker/session-commands';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { initialRunView } from '../run-view';
import { MemoryStorage } from '../testing/memory-storage';
import { familyOf, readBranches, remapBranches, writeBranches } from './session-branches';
import type { SessionRecord } from './session-record';
import { createStoredSessionCommands } from '../../../test/support/stored-session-commands';
import { createSessionsStore } from '../../../test/support/sessions-store';

const fixtureText = (): string =>
  readFileSync(new URL('../../../test/fixtures/transcripts/v1/demo-weather-clothing.json', import.meta.url), 'utf8');
const eventsOf = (runId: string): RunEvent[] =>
  transcriptToEvents({ ...(JSON.parse(fixtureText()) as Transcript), runId });

const info = (runId: string, parentRunId: string | null = null, name = runId): BranchInfo => ({
  runId,
  name,
  parentRunId,
  forkRound: parentRunId === null ? null : 1,
});

const record = (runIds: string[], branches: unknown): SessionRecord => ({
  id: 's',
  name: 's',
  createdAt: 0,
  updatedAt: 0,
  settings: { provider: 'demo', baseUrl: '', model: 'm', maxRounds: 1, maxTokens: 1, system: '', draft: '' },
  servers: [],
  runs: runIds.map((runId) => ({ runId, origin: 'live', label: runId, startedAt: 0 })),
  activeRunId: null,
  extensions: { branches },
});

describe('session branches (pure)', () => {
  it('reads only well-formed entries whose run the session has', () => {
    const stored = [info('a'), info('b', 'a'), { runId: 3 }, info('gone', 'a')];
    expect(readBranches(record(['a', 'b'], stored))).toEqual([info('a'), info('b', 'a')]);
    expect(readBranches(record(['a'], 'not a list'))).toEqual([]);
  });

  it('replaces entries of the same run and appends new ones', () => {
    const session = record(['a', 'b'], [info('a'), info('b', 'a')]);
    writeBranches(session, [info('b', 'a', 'Renamed'), info('c', 'b')]);
    expect(session.extensions.branches).toEqual([info('a'), info('b', 'a', 'Renamed'), info('c', 'b')]);
  });

  it('groups a family from any member and keeps other families apart', () => {
    const all = [info('a'), info('b', 'a'), info('c', 'b'), info('x'), info('y', 'x')];
    expect(familyOf(all, 'c').map((branch) => branch.runId)).toEqual(['a', 'b', 'c']);
    expect(familyOf(all, 'x').map((branch) => branch.runId)).toEqual(['x', 'y']);
    expect(familyOf(all, 'lonely')).toEqual([]);
  });

  it('renames runs for a duplicated session', () => {
    const ids = new Map([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    expect(remapBranches([info('a'), info('b', 'a'), info('z', 'a')], ids)).toEqual([
      info('A', null, 'a'),
      info('B', 'A', 'b'),
    ]);
  });
});

/** A page whose worker side is the real session commands; `run-fork` replays the fixture as the fork. */
function page(indexedDB: IDBFactory, storage: MemoryStorage) {
  const commands = createStoredSessionCommands();
  const client: FakeEngineClient = new FakeEngineClient({
    'transcript-import': async (command) =>
      toImportReply(commands.importTranscript({ ...command, text: await importText(command) }, checkTranscriptSchema)),
    'transcript-export': (command) => commands.transcriptOf(command.runId),
    'run-fork': (command) => {
      for (const event of eventsOf(command.newRunId)) client.emitRunEvent(command.newRunId, event);
      return { runId: command.newRunId, name: command.name, parentRunId: command.runId, forkRound: command.round };
    },
  });
  const store = createSessionsStore(client, { storage, indexedDB, loader: commands });
  return { store, client };
}

async function openPage(indexedDB = new IDBFactory(), storage = new MemoryStorage()) {
  const loaded = page(indexedDB, storage);
  await loaded.store.getState().initSessions();
  return { ...loaded, indexedDB, storage };
}

/** Run `r1` (the fixture) as if started from the page. */
function runFirst(loaded: ReturnType<typeof page>): void {
  loaded.store.setState({ runView: { ...initialRunView, runId: 'r1', phase: 'running' } });
  for (const event of eventsOf('r1')) loaded.client.emitRunEvent('r1', event);
}

describe('session branches across a reload and an import', () => {
  it('lists the branches after a reload, switchable, the original intact; renames are kept', async () => {
    const first = await openPage();
    runFirst(first);
    expect(await first.store.getState().forkFrom(1, 'Second try')).toBe(true);
    const forkId = first.store.getState().runView.runId!;
    await first.store.getState().renameBranch('r1', 'First try');
    await first.store.getState().flushSessions();

    const second = await openPage(first.indexedDB, first.storage);
    const state = () => second.store.getState();
    expect(state().runView.runId).toBe(forkId);
    expect(state().debug.branches).toEqual([
      { runId: 'r1', name: 'First try', parentRunId: null, forkRound: null },
      { runId: forkId, name: 'Second try', parentRunId: 'r1', forkRound: 1 },
    ]);
    expect(second.client.sent('branches-restore')).toEqual([
      { type: 'branches-restore', branches: state().debug.branches },
    ]);
    expect(second.client.sent('session-open').map((command) => command.runId)).toEqual([forkId, 'r1']);
    state().switchBranch('r1');
    expect(state().runView.runId).toBe('r1');
    expect(state().runView.rounds).toHaveLength(3);
    expect(state().runView.finishReason).toBe('end_turn');
    state().switchBranch(forkId);
    expect(state().runView.runId).toBe(forkId);
  });

  it('rebuilds the branches of an imported transcript and keeps them across a reload', async () => {
    const first = await openPage();
    const fixture = JSON.parse(fixtureText()) as Transcript;
    const original = { ...fixture, runId: 'r1', name: 'Original', parentRunId: null, forkRound: null };
    const exported: Transcript = { ...fixture, runId: 'f1', branches: [original] };
    const file = new File([JSON.stringify(exported)], 'family.json', { type: 'application/json' });
    expect(await first.store.getState().importTranscriptFile(file)).toBe(true);
    const imported = first.store.getState();
    const mainId = imported.runView.runId!;
    expect(imported.debug.branches.map((branch) => [branch.runId, branch.name])).toEqual([
      [mainId, 'Imported fork'],
      [`${mainId}~1`, 'Original'],
    ]);
    expect(imported.sessionRuns.map((run) => run.label)).toEqual([
      'Imported from family.json',
      'Branch “Original” from family.json',
    ]);
    await first.store.getState().flushSessions();

    const reloaded = await openPage(first.indexedDB, first.storage);
    expect(reloaded.store.getState().debug.branches).toEqual(imported.debug.branches);
    reloaded.store.getState().switchBranch(`${mainId}~1`);
    expect(reloaded.store.getState().runView.rounds).toHaveLength(3);
  });
});
