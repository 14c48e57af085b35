import { describe, expect, it, vi } from 'vitest';
import { createLoupeStore } from '../create-loupe-store';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { MemoryStorage } from '../testing/memory-storage';
import { SUITE_STORAGE_KEY, TREND_STORAGE_KEY } from './tests-storage-keys';

const point = { at: 1, models: [{ model: 'demo', passed: 2, runs: 3 }] };

function setup(storage: MemoryStorage) {
  return createLoupeStore(new FakeEngineClient({}), {
    demoServerUrl: 'http://localhost:3001/mcp',
    storage,
    scheduleFrame: () => undefined,
  });
}

describe('the tests slice, its actions loaded apart from the first paint', () => {
  it('shows the suite and trends this device kept once the suite tools are there', async () => {
    const storage = new MemoryStorage();
    const suite = { format: 'loupe-suite', version: 1, name: 'Kept', cases: [] };
    storage.setItem(SUITE_STORAGE_KEY, JSON.stringify(suite));
    storage.setItem(TREND_STORAGE_KEY, JSON.stringify({ 'Kept\u0000a': [point], 'Kept\u0000b': [{ at: 'x' }] }));
    const store = setup(storage);
    await vi.dynamicImportSettled();
    expect(store.getState().testSuite.name).toBe('Kept');
    // A point that is not one (storage is shared with anything on this origin) is left out.
    expect(store.getState().testTrends).toEqual({ 'Kept\u0000a': [point], 'Kept\u0000b': [] });
  });

  it('keeps a rename made before the tools came, and refuses a file that is not a suite without a change', async () => {
    const storage = new MemoryStorage();
    const store = setup(storage);
    store.getState().renameSuite('Renamed early');
    expect(await store.getState().importSuite('{"format":"nope"}', 'bad.json')).toBe(false);
    expect(store.getState().alerts.at(-1)?.message).toMatch(/“bad.json” is not a Loupe test suite/);
    expect(store.getState().testSuite.name).toBe('Renamed early');
    expect(JSON.parse(storage.getItem(SUITE_STORAGE_KEY) ?? '{}')).toMatchObject({ name: 'Renamed early' });
  });

  it('says "finish the run first" when there is no finished run to make a test from', async () => {
    const store = setup(new MemoryStorage());
    expect(await store.getState().makeTest()).toBe(false);
    expect(store.getState().alerts.at(-1)?.message).toMatch(/Finish the run first/);
  });
});
