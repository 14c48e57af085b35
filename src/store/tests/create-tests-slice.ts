// Tests: "Make a test" from a run, the suite kept on this device, "Run ×N" through the worker, suite files. The
// state and the small actions live here; the rest (tests-actions.ts) comes with the suite tools' chunk.
import { SUITE_FORMAT, SUITE_VERSION, type TestSuite } from '../../suite/test-suite';
import { describeError } from '../loupe-state';
import type { GetLoupeState, SetLoupeState, SliceDependencies } from '../loupe-state';
import type { TestBatch, TestsSlice } from './tests-state';
import { SUITE_STORAGE_KEY } from './tests-storage-keys';

import type * as SuiteToolsModule from './suite-tools';

type SuiteTools = typeof SuiteToolsModule;

const emptySuite = (): TestSuite => ({ format: SUITE_FORMAT, version: SUITE_VERSION, name: 'My tests', cases: [] });

export function createTestsSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): TestsSlice {
  const controllers = new Map<string, AbortController>();
  // The suite tools load right after the first paint, and with them the suite and trends kept on this device. A
  // change made before then (hardly possible: the Tests panel loads as late) waits for it, so it never overwrites
  // the kept suite with an empty one.
  let tools: SuiteTools | undefined;
  const loading = import('./suite-tools').then((loaded) => {
    tools = loaded;
    const stored = loaded.readStoredTests(deps.storage);
    set(
      stored.suite === undefined
        ? { testTrends: stored.trends }
        : { testSuite: stored.suite, testTrends: stored.trends },
    );
    return loaded;
  });
  // A chunk that cannot load (offline after a deploy) fails the action that needs it, with an alert; not the page.
  loading.catch(() => undefined);
  const withTools = <T>(use: (loaded: SuiteTools) => T): Promise<T> =>
    tools === undefined ? loading.then(use) : Promise.resolve(use(tools));
  /** Runs `change` now once the suite is loaded, else as soon as it is. */
  const whenLoaded = (change: () => void): void => {
    if (tools === undefined) void loading.then(change, () => undefined);
    else change();
  };

  function save(suite: TestSuite): void {
    set({ testSuite: suite });
    try {
      deps.storage?.setItem(SUITE_STORAGE_KEY, JSON.stringify(suite));
    } catch {
      get().pushAlert(
        'The test suite could not be saved on this device (storage is full or blocked): use Export suite to keep it.',
      );
    }
  }

  function patchBatch(caseId: string, change: (batch: TestBatch) => TestBatch): void {
    set((state) => {
      const batch = state.testBatches[caseId] ?? { running: false, planned: 0, runs: [] };
      return { testBatches: { ...state.testBatches, [caseId]: change(batch) } };
    });
  }

  const context = { set, get, deps, controllers, save, patchBatch };
  /** The suite tools, or undefined after an alert that starts with `failure` when their chunk cannot load. */
  const toolsOr = (failure: string): Promise<SuiteTools | undefined> =>
    withTools((loaded) => loaded).catch((error: unknown) => {
      get().pushAlert(`${failure}${describeError(error)}`);
      return undefined;
    });

  return {
    testSuite: emptySuite(),
    testTrends: {},
    testBatches: {},

    async makeTest() {
      return (await toolsOr('The test could not be made: '))?.makeTest(context) ?? false;
    },

    async runTestCase(caseId, options) {
      await (await toolsOr('The test could not run: '))?.runTestCase(context, caseId, options);
    },

    async importSuite(text, fileName) {
      return (await toolsOr(`“${fileName}” could not be read: `))?.importSuite(context, text, fileName) ?? false;
    },

    updateTestCase(caseId, change) {
      whenLoaded(() => {
        const suite = get().testSuite;
        save({
          ...suite,
          cases: suite.cases.map((testCase) => (testCase.id === caseId ? { ...testCase, ...change } : testCase)),
        });
      });
    },

    removeTestCase(caseId) {
      controllers.get(caseId)?.abort();
      whenLoaded(() => {
        const suite = get().testSuite;
        save({ ...suite, cases: suite.cases.filter((testCase) => testCase.id !== caseId) });
      });
      set((state) => ({
        testBatches: Object.fromEntries(Object.entries(state.testBatches).filter(([id]) => id !== caseId)),
      }));
    },

    renameSuite(name) {
      whenLoaded(() => save({ ...get().testSuite, name }));
    },

    cancelTestCase(caseId) {
      controllers.get(caseId)?.abort();
    },

    // The suite file's text (docs/test-suites.md): pretty-printed JSON, as `serializeSuite` writes it.
    exportSuite: () => `${JSON.stringify(get().testSuite, null, 2)}\n`,

    async openTestRun(caseId, index) {
      const run = get().testBatches[caseId]?.runs[index];
      if (run?.transcript === undefined) return;
      const name = `test ${run.modelLabel} #${run.attempt}.json`;
      const file = new File([JSON.stringify(run.transcript)], name, { type: 'application/json' });
      await get().importTranscriptFile(file);
    },
  };
}
