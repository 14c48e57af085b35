import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { LoupeState, RunOptions } from '../../store/loupe-state';
import type { LoupeStore } from '../../store/create-loupe-store';
import { runBothPaths } from './run-both-paths';

/** A store with only what the sequence reads: the shown run and `run`, which records its options. */
function fakeStore(startable = true) {
  const started: RunOptions[] = [];
  const store = createStore<{ runView: { runId: string | null; phase: string }; run: LoupeState['run'] }>((set) => ({
    runView: { runId: null, phase: 'ended' },
    run: (options = {}) => {
      if (!startable) return Promise.resolve(undefined);
      started.push(options);
      const runId = `run-${started.length}`;
      set({ runView: { runId, phase: 'running' } });
      return Promise.resolve(runId);
    },
  }));
  const end = () => store.setState({ runView: { ...store.getState().runView, phase: 'ended' } });
  return { store: store as unknown as LoupeStore, started, end };
}

const choice = { serverId: 's1', serverName: 'demo', prompt: 'Dress me.', left: 'api', right: 'browser' } as const;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runBothPaths', () => {
  it('runs the left path, and the right one only once the left has ended', async () => {
    const { store, started, end } = fakeStore();
    const statuses: string[] = [];
    const done = runBothPaths(store, choice, (text) => statuses.push(text));
    await settle();
    expect(started).toEqual([
      { message: 'Dress me.', serverPaths: { s1: 'api' }, label: 'demo via the API: Dress me.' },
    ]);
    end();
    await settle();
    expect(started[1]).toEqual({
      message: 'Dress me.',
      serverPaths: { s1: 'browser' },
      label: 'demo via the browser: Dress me.',
    });
    end();
    expect(await done).toEqual({ left: 'run-1', right: 'run-2' });
    expect(statuses).toEqual([
      'Running the left side: demo through the API (MCP connector)…',
      'Running the right side: demo through the browser…',
    ]);
  });

  it('starts no right side once the person left, and says when a side did not start', async () => {
    const { store, started, end } = fakeStore();
    let left = false;
    const done = runBothPaths(
      store,
      choice,
      () => undefined,
      () => left,
    );
    await settle();
    left = true;
    end();
    expect(await done).toContain('closed before the right side ran');
    expect(started).toHaveLength(1);
    expect(await runBothPaths(fakeStore(false).store, choice, () => undefined)).toBe(
      'The left side did not start (see the alerts).',
    );
  });

  it('stops when another run takes the timeline over', async () => {
    const { store } = fakeStore();
    const done = runBothPaths(store, choice, () => undefined);
    await settle();
    (store as unknown as { setState: (state: object) => void }).setState({
      runView: { runId: 'someone-else', phase: 'running' },
    });
    expect(await done).toBe('The left side was left for another run.');
  });
});
