import { readFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import type { Transcript } from '../../engine/transcript/transcript';
import { transcriptToEvents } from '../../engine/transcript/transcript-to-events';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { createMemoryLockManager } from '../../shared/sessions/memory-lock-manager';
import { MemoryStorage } from '../testing/memory-storage';
import { OPEN_ELSEWHERE, TAKEN_OVER } from './session-ownership';
import { createStoredSessionCommands } from '../../../test/support/stored-session-commands';
import { createSessionsStore } from '../../../test/support/sessions-store';
import { storedLoads } from '../../../test/support/worker-session-storage';
import { REAL_IO_WAIT } from '../../../test/support/real-io-wait';

const fixture = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/transcripts/v1/demo-weather-clothing.json', import.meta.url), 'utf8'),
) as Transcript;
const [start, roundStart] = transcriptToEvents(fixture).map((event) =>
  event.type === 'run-start' ? { ...event, runId: 'run-paused' } : event,
);
/** A run held at the pause before its first request (step mode). */
const pausedRun: RunEvent[] = [
  start!,
  roundStart!,
  { type: 'pause-start', at: 2, pauseId: 'p1', round: 1, pause: { kind: 'before-request', round: 1 }, reasons: [] },
];

/**
 * A browser: one IndexedDB, one localStorage, one lock manager, one channel name; each tab its own store and worker
 * (the worker holds the session's lock, the page its keeper).
 */
function browser() {
  return {
    indexedDB: new IDBFactory(),
    storage: new MemoryStorage(),
    locks: createMemoryLockManager(),
    channel: `loupe-test-${Math.random().toString(36).slice(2)}`,
  };
}

async function openTab(shared: ReturnType<typeof browser>) {
  const commands = createStoredSessionCommands();
  const client: FakeEngineClient = new FakeEngineClient({
    // The worker ends a stopped run with its run-end, as the real loop does.
    'run-stop': (command) => {
      queueMicrotask(() =>
        client.emitRunEvent(command.runId, {
          type: 'run-end',
          at: 9,
          finishReason: 'aborted',
          usage: { inputTokens: 0, outputTokens: 0 },
        }),
      );
      return null;
    },
  });
  const store = createSessionsStore(client, {
    storage: shared.storage,
    indexedDB: shared.indexedDB,
    loader: commands,
    tabs: { locks: shared.locks, channel: shared.channel },
  });
  // No server to wait for before a resume (this fake worker never connects the demo one).
  store.setState({ servers: [] });
  await store.getState().initSessions();
  return { store, client, worker: storedLoads(client), state: () => store.getState() };
}

describe('two tabs on one session', () => {
  it('the second tab is read-only, follows the first, and takes over: the paused run resumes there only', async () => {
    const shared = browser();
    const first = await openTab(shared);
    expect(first.state().sessionAccess).toBe('owner');
    // The run goes on in the first tab's worker (as Run starts it: the view follows it from the start).
    first.store.setState({ runView: { ...first.state().runView, runId: 'run-paused', phase: 'running' } });
    for (const event of pausedRun) first.client.emitRunEvent('run-paused', event);
    await first.state().flushSessions();

    const second = await openTab(shared);
    expect(second.state().currentSessionId).toBe(first.state().currentSessionId);
    expect(second.state()).toMatchObject({ sessionAccess: 'read-only', sessionAccessNote: OPEN_ELSEWHERE });
    expect(second.state().runView.runId).toBe('run-paused');
    expect(second.client.sent('run-resume')).toEqual([]);
    expect(second.client.sent('session-open')[0]?.mode).toBe('keep');

    // The owner's next checkpoint reaches the read-only tab.
    first.client.emitRunEvent('run-paused', {
      type: 'pause-end',
      at: 3,
      pauseId: 'p1',
      round: 1,
      decision: 'continue',
    });
    first.client.emitRunEvent(
      'run-paused',
      pausedRun[2]!.type === 'pause-start' ? { ...pausedRun[2], pauseId: 'p2' } : pausedRun[2]!,
    );
    // The read-only tab reloads the run after each checkpoint the owner stores: the last load has all five.
    await vi.waitFor(() => expect(second.worker.loads.at(-1)?.events.length).toBe(5), REAL_IO_WAIT);
    expect(second.state().runView.rounds[0]?.startedAt).toBeDefined();
    // A read-only tab refuses to run.
    second.store.setState({ settings: { ...second.state().settings, draft: 'hi' } });
    await second.state().run();
    expect(second.client.sent('run-start')).toEqual([]);
    expect(second.state().alerts.at(-1)?.message).toMatch(/open in another tab/);

    await second.state().takeOverSession();
    expect(second.state()).toMatchObject({ sessionAccess: 'owner', sessionAccessNote: null });
    await vi.waitFor(
      () => expect(first.state()).toMatchObject({ sessionAccess: 'read-only', sessionAccessNote: TAKEN_OVER }),
      REAL_IO_WAIT,
    );
    // The first tab stopped its run without storing that stop; the second resumed it from the stored pause.
    expect(first.client.sent('run-stop').map((command) => command.runId)).toEqual(['run-paused']);
    expect(first.client.sent('run-resume')).toEqual([]);
    const [resume] = second.worker.resumes;
    expect(resume?.events.map((event) => event.type)).toEqual([
      'run-start',
      'round-start',
      'pause-start',
      'pause-end',
      'pause-start',
    ]);

    // Now the second tab writes; the first follows it.
    second.client.emitRunEvent('run-paused', { type: 'pause-end', at: 4, pauseId: 'p2', round: 1, decision: 'stop' });
    await vi.waitFor(
      () => expect(first.worker.loads.at(-1)?.events.at(-1)).toMatchObject({ type: 'pause-end', pauseId: 'p2' }),
      REAL_IO_WAIT,
    );
  });

  it('tabs see each other’s session list changes, and a session open elsewhere is not deleted', async () => {
    const shared = browser();
    const first = await openTab(shared);
    const second = await openTab(shared);
    await first.state().newSession();
    await vi.waitFor(() => expect(second.state().sessions).toHaveLength(2), REAL_IO_WAIT);
    // The first tab moved to its new session; the second took the first one over when it was let go.
    const other = second.state().sessions.find((session) => session.id !== second.state().currentSessionId)!;
    await second.state().deleteSession(other.id);
    expect(second.state().alerts.at(-1)?.message).toMatch(/is open in another tab/);
    expect(second.state().sessions).toHaveLength(2);
  });

  it('a read-only tab becomes the owner when the owning tab lets the session go', async () => {
    const shared = browser();
    const first = await openTab(shared);
    const second = await openTab(shared);
    expect(second.state().sessionAccess).toBe('read-only');
    await first.state().newSession();
    await vi.waitFor(() => expect(second.state().sessionAccess).toBe('owner'), REAL_IO_WAIT);
    expect(second.state().sessionAccessNote).toMatch(/closed: this tab saves it now/);
  });
});
