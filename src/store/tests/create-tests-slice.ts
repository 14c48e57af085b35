// Tests: "Make a test" from a run, the suite kept on this device, "Run ×N" through the worker, suite files.
import { localToolKey, mcpToolKey } from '../../protocol/tool-settings';
import { SUITE_FORMAT, SUITE_VERSION, type TestSuite } from '../../suite/test-suite';
import { describeError } from '../loupe-state';
import type { GetLoupeState, SetLoupeState, SliceDependencies } from '../loupe-state';
import { readJson } from '../safe-storage';
import type { TestBatch, TestsSlice } from './tests-state';
import { appendTrend, readTrendHistory, trendKey } from './test-trend';

import type * as SuiteToolsModule from './suite-tools';

type SuiteTools = typeof SuiteToolsModule;

const STORAGE_KEY = 'loupe.tests';
const TREND_KEY = 'loupe.tests.trend';
const emptySuite = (): TestSuite => ({ format: SUITE_FORMAT, version: SUITE_VERSION, name: 'My tests', cases: [] });

function loadSuite(storage: Storage | undefined, tools: SuiteTools): TestSuite | undefined {
  const stored = readJson(storage, STORAGE_KEY);
  if (stored === undefined) return undefined;
  const parsed = tools.parseSuite(JSON.stringify(stored));
  return parsed.ok ? parsed.suite : undefined;
}

export function createTestsSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): TestsSlice {
  const controllers = new Map<string, AbortController>();
  // The suite tools load right after the first paint, and with them the suite kept on this device. A change
  // made before then (hardly possible: the Tests panel loads as late) waits for it, so it never overwrites the
  // kept suite with an empty one.
  let tools: SuiteTools | undefined;
  const loading = import('./suite-tools').then((loaded) => {
    tools = loaded;
    const stored = loadSuite(deps.storage, loaded);
    if (stored !== undefined) set({ testSuite: stored });
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
      deps.storage?.setItem(STORAGE_KEY, JSON.stringify(suite));
    } catch {
      get().pushAlert(
        'The test suite could not be saved on this device (storage is full or blocked): use Export suite to keep it.',
      );
    }
  }

  /** Adds a finished batch to its case's trend; a full storage only loses the trend, never the suite. */
  function recordTrend(caseId: string, { trendPointOf }: SuiteTools): void {
    const point = trendPointOf(get().testBatches[caseId]?.runs ?? [], Date.now());
    if (point === undefined) return;
    const testTrends = appendTrend(get().testTrends, trendKey(get().testSuite.name, caseId), point);
    set({ testTrends });
    try {
      deps.storage?.setItem(TREND_KEY, JSON.stringify(testTrends));
    } catch {
      // The trend is a convenience: the panel still shows it for this session.
    }
  }

  function patchBatch(caseId: string, change: (batch: TestBatch) => TestBatch): void {
    set((state) => {
      const batch = state.testBatches[caseId] ?? { running: false, planned: 0, runs: [] };
      return { testBatches: { ...state.testBatches, [caseId]: change(batch) } };
    });
  }

  /** Every tool the worker would send now, by key: the grader switches them all off. */
  function allToolKeys(): string[] {
    const { servers, serverStates, toolSelection } = get();
    const mcp = servers.flatMap((server) =>
      (serverStates[server.id]?.tools ?? []).map((tool) => mcpToolKey(server.name, tool.originalName)),
    );
    return [...mcp, ...toolSelection.localTools.map((tool) => localToolKey(tool.id))];
  }

  return {
    testSuite: emptySuite(),
    testTrends: readTrendHistory(readJson(deps.storage, TREND_KEY)),
    testBatches: {},

    async makeTest() {
      const { runView } = get();
      if (runView.runId === null || runView.phase === 'running') {
        get().pushAlert('Finish the run first: a test is made from a finished run.');
        return false;
      }
      const transcript = await get().exportTranscript();
      if (transcript === null) return false;
      let makeTestCase: SuiteTools['makeTestCase'];
      try {
        ({ makeTestCase } = await withTools((loaded) => loaded));
      } catch (error) {
        get().pushAlert(`The test could not be made: ${describeError(error)}`);
        return false;
      }
      const made = makeTestCase({
        transcript,
        id: deps.createId(),
        system: get().settings.system,
        tools: get().toolSelection,
      });
      if (typeof made === 'string') {
        get().pushAlert(made);
        return false;
      }
      const suite = get().testSuite;
      save({ ...suite, cases: [...suite.cases, made] });
      return true;
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

    async runTestCase(caseId, options) {
      let loaded: SuiteTools;
      try {
        loaded = await withTools((tools) => tools);
      } catch (error) {
        return get().pushAlert(`The test could not run: ${describeError(error)}`);
      }
      const { parseModelList, findMissingServers } = loaded;
      const testCase = get().testSuite.cases.find((candidate) => candidate.id === caseId);
      if (testCase === undefined || controllers.has(caseId)) return;
      const models = parseModelList(options.models.join(','), testCase.model);
      if (typeof models === 'string') return get().pushAlert(`The test was not run: ${models}`);
      // A missing server is named before anything runs, not discovered as a failure in every run.
      const missing = findMissingServers(testCase, get().testSuite, get().servers, get().serverStates);
      if (missing !== undefined) return get().pushAlert(`The test was not run. ${missing}`);
      const controller = new AbortController();
      controllers.set(caseId, controller);
      const planned = Math.max(1, models.length) * options.times;
      patchBatch(caseId, () => ({ running: true, planned, runs: [] }));
      const needsGrader = testCase.expectations.some((expectation) => expectation.kind === 'rubric');
      try {
        const { runCases, createBrowserDriver, createBrowserGrader } = loaded;
        const driver = createBrowserDriver({
          client: deps.client,
          settings: () => get().settings,
          servers: () => get().servers,
          createId: deps.createId,
        });
        const result = await runCases(driver, {
          cases: [testCase],
          models,
          times: options.times,
          concurrency: options.concurrency,
          ...(options.spendCapUsd === undefined ? {} : { spendCapUsd: options.spendCapUsd }),
          signal: controller.signal,
          ...(needsGrader ? { grade: createBrowserGrader(driver, models[0] ?? testCase.model, allToolKeys()) } : {}),
          onRun: (run) => patchBatch(caseId, (batch) => ({ ...batch, runs: [...batch.runs, run] })),
        });
        patchBatch(caseId, (batch) => ({
          ...batch,
          running: false,
          ...(result.stoppedBy === undefined ? {} : { stoppedBy: result.stoppedBy }),
        }));
        recordTrend(caseId, loaded);
      } catch (error) {
        patchBatch(caseId, (batch) => ({ ...batch, running: false }));
        get().pushAlert(`The test could not run: ${describeError(error)}`);
      } finally {
        controllers.delete(caseId);
      }
    },

    cancelTestCase(caseId) {
      controllers.get(caseId)?.abort();
    },

    // The suite file's text (docs/test-suites.md): pretty-printed JSON, as `serializeSuite` writes it.
    exportSuite: () => `${JSON.stringify(get().testSuite, null, 2)}\n`,

    async importSuite(text, fileName) {
      let parsed: ReturnType<SuiteTools['parseSuite']>;
      try {
        parsed = await withTools((loaded) => loaded.parseSuite(text));
      } catch (error) {
        get().pushAlert(`“${fileName}” could not be read: ${describeError(error)}`);
        return false;
      }
      if (!parsed.ok) {
        get().pushAlert(`“${fileName}” is not a Loupe test suite — nothing was changed. ${parsed.problems.join(' ')}`);
        return false;
      }
      for (const controller of controllers.values()) controller.abort();
      set({ testBatches: {} });
      save(parsed.suite);
      return true;
    },

    async openTestRun(caseId, index) {
      const run = get().testBatches[caseId]?.runs[index];
      if (run?.transcript === undefined) return;
      const name = `test ${run.modelLabel} #${run.attempt}.json`;
      const file = new File([JSON.stringify(run.transcript)], name, { type: 'application/json' });
      await get().importTranscriptFile(file);
    },
  };
}
