// Tests: "Make a test" from a run, the suite kept on this device, "Run ×N" through the worker, suite files.
import { localToolKey, mcpToolKey } from '../../protocol/tool-settings';
import { makeTestCase } from '../../suite/make-test-case';
import { parseSuite, serializeSuite } from '../../suite/parse-suite';
import { runCases } from '../../suite/run-cases';
import { SUITE_FORMAT, SUITE_VERSION, type TestModel, type TestSuite } from '../../suite/test-suite';
import { describeError } from '../loupe-state';
import type { GetLoupeState, SetLoupeState, SliceDependencies } from '../loupe-state';
import { readJson } from '../safe-storage';
import { createBrowserDriver } from './create-browser-driver';
import { createBrowserGrader } from './create-browser-grader';
import type { TestBatch, TestsSlice } from './tests-state';

const STORAGE_KEY = 'loupe.tests';
const emptySuite = (): TestSuite => ({ format: SUITE_FORMAT, version: SUITE_VERSION, name: 'My tests', cases: [] });

function loadSuite(storage: Storage | undefined): TestSuite {
  const stored = readJson(storage, STORAGE_KEY);
  if (stored === undefined) return emptySuite();
  const parsed = parseSuite(JSON.stringify(stored));
  return parsed.ok ? parsed.suite : emptySuite();
}

export function createTestsSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): TestsSlice {
  const controllers = new Map<string, AbortController>();
  const driver = createBrowserDriver({ client: deps.client, settings: () => get().settings, createId: deps.createId });

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
    testSuite: loadSuite(deps.storage),
    testBatches: {},

    async makeTest() {
      const { runView } = get();
      if (runView.runId === null || runView.phase === 'running') {
        get().pushAlert('Finish the run first: a test is made from a finished run.');
        return false;
      }
      const transcript = await get().exportTranscript();
      if (transcript === null) return false;
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
      const suite = get().testSuite;
      save({
        ...suite,
        cases: suite.cases.map((testCase) => (testCase.id === caseId ? { ...testCase, ...change } : testCase)),
      });
    },

    removeTestCase(caseId) {
      controllers.get(caseId)?.abort();
      const suite = get().testSuite;
      save({ ...suite, cases: suite.cases.filter((testCase) => testCase.id !== caseId) });
      set((state) => ({
        testBatches: Object.fromEntries(Object.entries(state.testBatches).filter(([id]) => id !== caseId)),
      }));
    },

    renameSuite(name) {
      save({ ...get().testSuite, name });
    },

    async runTestCase(caseId, options) {
      const testCase = get().testSuite.cases.find((candidate) => candidate.id === caseId);
      if (testCase === undefined || controllers.has(caseId)) return;
      const models: TestModel[] = options.models.map((model) => ({ ...testCase.model, model }));
      const controller = new AbortController();
      controllers.set(caseId, controller);
      const planned = Math.max(1, models.length) * options.times;
      patchBatch(caseId, () => ({ running: true, planned, runs: [] }));
      const needsGrader = testCase.expectations.some((expectation) => expectation.kind === 'rubric');
      try {
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

    exportSuite: () => serializeSuite(get().testSuite),

    importSuite(text, fileName) {
      const parsed = parseSuite(text);
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
