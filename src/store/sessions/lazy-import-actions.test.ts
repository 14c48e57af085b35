import { describe, expect, it } from 'vitest';
import { lazyImportActions } from './lazy-import-actions';
import type { SessionImportActions } from './session-import-actions';

const loaded: SessionImportActions = {
  importTranscriptFile: () => Promise.resolve(true),
  replayRun: () => Promise.resolve(),
  compareRuns: () => Promise.resolve({ identical: true } as never),
  listSessionRuns: () => Promise.resolve([]),
  compareAcross: () => Promise.resolve(null),
  continueLive: () => Promise.resolve({ started: true, unmatched: [] }),
};

describe('import actions loaded on first use', () => {
  it('loads once, on the first call, and hands each call on', async () => {
    let loads = 0;
    const actions = lazyImportActions(
      () => {
        loads += 1;
        return Promise.resolve(loaded);
      },
      () => undefined,
    );
    expect(loads).toBe(0);
    expect(await actions.importTranscriptFile(new File(['{}'], 'a.json'))).toBe(true);
    expect(await actions.compareRuns('a', 'b')).toEqual({ identical: true });
    await actions.replayRun('offline');
    expect(loads).toBe(1);
  });

  it('a chunk that cannot load is told, the action does nothing, and the next call tries again', async () => {
    const failures: unknown[] = [];
    let reachable = false;
    const actions = lazyImportActions(
      () => (reachable ? Promise.resolve(loaded) : Promise.reject(new TypeError('Failed to fetch'))),
      (error) => failures.push(error),
    );
    expect(await actions.importTranscriptFile(new File(['{}'], 'a.json'))).toBe(false);
    expect(await actions.compareRuns('a', 'b')).toBeNull();
    await expect(actions.replayRun('offline')).resolves.toBeUndefined();
    expect(failures).toHaveLength(3);
    reachable = true;
    expect(await actions.importTranscriptFile(new File(['{}'], 'a.json'))).toBe(true);
  });
});
