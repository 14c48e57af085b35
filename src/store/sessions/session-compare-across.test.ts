// Compare across sessions: a run of another stored session, or of a file, against one of this session — through the
// real session commands, with no session made for the file.
import { readFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { checkTranscriptSchema } from '../../worker/check-transcript-schema';
import { importText, toImportReply } from '../../worker/session-commands';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { MemoryStorage } from '../testing/memory-storage';
import { createStoredSessionCommands } from '../../../test/support/stored-session-commands';
import { createSessionsStore } from '../../../test/support/sessions-store';

const fixtureText = (name: string): string =>
  readFileSync(new URL(`../../../test/fixtures/transcripts/v1/${name}.json`, import.meta.url), 'utf8');
const file = (text: string, name = 'run.json') => new File([text], name, { type: 'application/json' });

async function freshPage() {
  const commands = createStoredSessionCommands();
  const client = new FakeEngineClient({
    'transcript-import': async (command) =>
      toImportReply(commands.importTranscript({ ...command, text: await importText(command) }, checkTranscriptSchema)),
    'runs-compare': (command) => commands.compareRuns(command.leftRunId, command.rightRunId),
  });
  const store = createSessionsStore(client, {
    storage: new MemoryStorage(),
    indexedDB: new IDBFactory(),
    loader: commands,
  });
  await store.getState().initSessions();
  return { store, client };
}

describe('compareAcross', () => {
  it('compares a run of another stored session with the shown one', async () => {
    const { store } = await freshPage();
    expect(await store.getState().importTranscriptFile(file(fixtureText('demo-weather-clothing'), 'a.json'))).toBe(
      true,
    );
    const first = store.getState().currentSessionId!;
    const [firstRun] = await store.getState().listSessionRuns(first);
    expect(await store.getState().importTranscriptFile(file(fixtureText('image-result'), 'b.json'))).toBe(true);
    const shown = store.getState().runView.runId!;
    const result = await store.getState().compareAcross({ sessionId: first, runId: firstRun!.runId }, shown);
    expect(result).not.toBeNull();
    expect(result?.firstDivergence).not.toBeNull();
    const same = await store.getState().compareAcross({ sessionId: first, runId: firstRun!.runId }, firstRun!.runId);
    expect(same?.firstDivergence).toBeNull();
  });

  it('compares a file with the shown run without making a session; a bad file is an alert', async () => {
    const { store } = await freshPage();
    expect(await store.getState().importTranscriptFile(file(fixtureText('demo-weather-clothing')))).toBe(true);
    const sessions = store.getState().sessions.length;
    const shown = store.getState().runView.runId!;
    const result = await store.getState().compareAcross({ file: file(fixtureText('demo-weather-clothing')) }, shown);
    expect(result?.differingRounds).toEqual([]);
    expect(result?.rounds).toHaveLength(3);
    expect(store.getState().sessions).toHaveLength(sessions);
    expect(await store.getState().compareAcross({ file: file('{"format":"nope"}', 'bad.json') }, shown)).toBeNull();
    expect(store.getState().alerts.at(-1)?.message).toMatch(/^“bad\.json” cannot be compared:/);
  });
});
