// The Tests slice's heavy actions — make a case from a run, "Run ×N" through the worker with its trend, import a
// suite file — and reading what this device kept. In the suite tools' chunk (suite-tools.ts), apart from the
// first paint: create-tests-slice.ts keeps the state and calls these once the chunk is there.
import { localToolKey, mcpToolKey } from '../../protocol/tool-settings';
import { makeTestCase } from '../../suite/make-test-case';
import { parseModelList } from '../../suite/parse-model-list';
import { parseSuite } from '../../suite/parse-suite';
import { runCases } from '../../suite/run-cases';
import type { TestSuite } from '../../suite/test-suite';
import type { GetLoupeState, SetLoupeState, SliceDependencies } from '../loupe-state';
import { describeError } from '../loupe-state';
import { readJson } from '../safe-storage';
import { SUITE_STORAGE_KEY, TREND_STORAGE_KEY } from './tests-storage-keys';
import { createBrowserDriver } from './create-browser-driver';
import { createBrowserGrader } from './create-browser-grader';
import { findMissingServers } from './find-missing-servers';
import { appendTrend, readTrendHistory, trendKey, trendPointOf, type TrendHistory } from './test-trend';
import type { TestBatch, TestBatchOptions } from './tests-state';

/** What the slice shares with its actions: the store, the runs under way, and how the suite is saved. */
export interface TestsContext {
  set: SetLoupeState;
  get: GetLoupeState;
  deps: SliceDependencies;
  /** The batches under way, by case id: a cancel, a removal or an import aborts them. */
  controllers: Map<string, AbortController>;
  /** Shows `suite` and keeps it on this device (an alert when storage refuses it). */
  save: (suite: TestSuite) => void;
  patchBatch: (caseId: string, change: (batch: TestBatch) => TestBatch) => void;
}

/** The suite and trends this device kept; a suite that no longer reads as one is left out. */
export function readStoredTests(storage: Storage | undefined): { suite?: TestSuite; trends: TrendHistory } {
  const trends = readTrendHistory(readJson(storage, TREND_STORAGE_KEY));
  const stored = readJson(storage, SUITE_STORAGE_KEY);
  if (stored === undefined) return { trends };
  const parsed = parseSuite(JSON.stringify(stored));
  return parsed.ok ? { suite: parsed.suite, trends } : { trends };
}

/** Adds a finished batch to its case's trend; a full storage only loses the trend, never the suite. */
function recordTrend({ get, set, deps }: TestsContext, caseId: string): void {
  const point = trendPointOf(get().testBatches[caseId]?.runs ?? [], Date.now());
  if (point === undefined) return;
  const testTrends = appendTrend(get().testTrends, trendKey(get().testSuite.name, caseId), point);
  set({ testTrends });
  try {
    deps.storage?.setItem(TREND_STORAGE_KEY, JSON.stringify(testTrends));
  } catch {
    // The trend is a convenience: the panel still shows it for this session.
  }
}

/** Every tool the worker would send now, by key: the grader switches them all off. */
function allToolKeys(get: GetLoupeState): string[] {
  const { servers, serverStates, toolSelection } = get();
  const mcp = servers.flatMap((server) =>
    (serverStates[server.id]?.tools ?? []).map((tool) => mcpToolKey(server.name, tool.originalName)),
  );
  return [...mcp, ...toolSelection.localTools.map((tool) => localToolKey(tool.id))];
}

/** Turns the shown, finished run into a case of the suite; false (with an alert) when it could not. */
export async function makeTest({ get, deps, save }: TestsContext): Promise<boolean> {
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
}

/** "Run ×N" of one case: its runs checked as they finish, then its trend point. */
export async function runTestCase(context: TestsContext, caseId: string, options: TestBatchOptions): Promise<void> {
  const { get, deps, controllers, patchBatch } = context;
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
      ...(needsGrader ? { grade: createBrowserGrader(driver, models[0] ?? testCase.model, allToolKeys(get)) } : {}),
      onRun: (run) => patchBatch(caseId, (batch) => ({ ...batch, runs: [...batch.runs, run] })),
    });
    patchBatch(caseId, (batch) => ({
      ...batch,
      running: false,
      ...(result.stoppedBy === undefined ? {} : { stoppedBy: result.stoppedBy }),
    }));
    recordTrend(context, caseId);
  } catch (error) {
    patchBatch(caseId, (batch) => ({ ...batch, running: false }));
    get().pushAlert(`The test could not run: ${describeError(error)}`);
  } finally {
    controllers.delete(caseId);
  }
}

/** Replaces the suite with a file's; false (and an alert saying why) when the file is not a suite. */
export function importSuite({ get, set, controllers, save }: TestsContext, text: string, fileName: string): boolean {
  const parsed = parseSuite(text);
  if (!parsed.ok) {
    get().pushAlert(`“${fileName}” is not a Loupe test suite — nothing was changed. ${parsed.problems.join(' ')}`);
    return false;
  }
  for (const controller of controllers.values()) controller.abort();
  set({ testBatches: {} });
  save(parsed.suite);
  return true;
}
