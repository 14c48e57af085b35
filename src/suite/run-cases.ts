// Runs test cases ×N on one or several models through an injected driver, with a concurrency cap, a
// spending cap and cancel: the orchestration the Tests panel and the headless runner share. No timers.
import type { Transcript } from '../engine/transcript/transcript';
import { evaluateExpectations, type RubricGrader } from './evaluate-expectations';
import { readRunCost } from './read-run';
import type { CaseRun } from './summarize-runs';
import type { TestCase, TestModel } from './test-suite';

/** Makes one run of a case on a model, to its end. Rejects when the run cannot be made at all. */
export interface TestRunDriver {
  run(testCase: TestCase, model: TestModel, signal: AbortSignal): Promise<Transcript>;
}

export interface RunCasesOptions {
  cases: readonly TestCase[];
  /** The models to run each case on, side by side; absent or empty → each case's own model. */
  models?: readonly TestModel[];
  /** Runs per case and model (≥ 1). */
  times: number;
  /** Runs at once (≥ 1). */
  concurrency: number;
  /**
   * No run starts once the runs so far cost this much (USD, at their recorded prices); each run also gets
   * what is left as its own cost limit, so a run in flight stops at the cap too.
   */
  spendCapUsd?: number;
  signal?: AbortSignal;
  grade?: RubricGrader;
  /** Hears each run as it is checked (for live progress). */
  onRun?: (run: CaseRun) => void;
}

export interface RunCasesResult {
  runs: CaseRun[];
  /** Why runs that were planned did not start. */
  stoppedBy?: 'cancelled' | 'spend-cap';
  /** Runs planned in all (cases × models × times). */
  planned: number;
}

/** The label a model's column has: `provider/model`. */
export const modelLabelOf = (model: TestModel): string => `${model.provider}/${model.model}`;

function hostOf(url: string | undefined): string {
  try {
    return url === undefined ? 'default' : new URL(url).host;
  } catch {
    return url ?? 'default';
  }
}

/**
 * Labels for the models of one batch: `provider/model`, and `provider/model@host` for models that share an id
 * on different endpoints (two local servers both serving `llama3`), so their columns never merge.
 */
export function labelModels(models: readonly TestModel[]): (model: TestModel) => string {
  const counts = new Map<string, Set<string>>();
  for (const model of models) {
    const hosts = counts.get(modelLabelOf(model)) ?? new Set<string>();
    counts.set(modelLabelOf(model), hosts.add(hostOf(model.baseUrl)));
  }
  return (model) =>
    (counts.get(modelLabelOf(model))?.size ?? 1) > 1
      ? `${modelLabelOf(model)}@${hostOf(model.baseUrl)}`
      : modelLabelOf(model);
}

interface Job {
  testCase: TestCase;
  model: TestModel;
  attempt: number;
}

function planJobs(options: RunCasesOptions): Job[] {
  const times = Math.max(1, Math.floor(options.times));
  return options.cases.flatMap((testCase) => {
    const models = options.models !== undefined && options.models.length > 0 ? options.models : [testCase.model];
    return models.flatMap((model) =>
      Array.from({ length: times }, (_, index) => ({ testCase, model, attempt: index + 1 })),
    );
  });
}

/** Gives a case the remaining budget as its run's cost limit (the tighter of the two). */
function withBudget(testCase: TestCase, remainingUsd: number | undefined): TestCase {
  if (remainingUsd === undefined) return testCase;
  const own = testCase.policies?.limits?.maxCostUsd;
  const maxCostUsd = own === undefined ? remainingUsd : Math.min(own, remainingUsd);
  return { ...testCase, policies: { ...testCase.policies, limits: { ...testCase.policies?.limits, maxCostUsd } } };
}

/** Runs every planned job and checks it; never rejects. Results are in plan order. */
export async function runCases(driver: TestRunDriver, options: RunCasesOptions): Promise<RunCasesResult> {
  const jobs = planJobs(options);
  const labelOf = labelModels(options.models ?? []);
  const results: (CaseRun | undefined)[] = Array.from({ length: jobs.length });
  const controller = new AbortController();
  const stop = () => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted === true) stop();
  let spent = 0;
  let next = 0;
  let stoppedBy: RunCasesResult['stoppedBy'];
  const capReached = () => options.spendCapUsd !== undefined && spent >= options.spendCapUsd;

  async function runJob(job: Job): Promise<CaseRun> {
    const { testCase, model, attempt } = job;
    const base = { caseId: testCase.id, modelLabel: labelOf(model), attempt };
    const remaining = options.spendCapUsd === undefined ? undefined : options.spendCapUsd - spent;
    // Each run gets its own signal, tied to the batch's, so listeners never pile up on one signal.
    const own = new AbortController();
    const abortOwn = () => own.abort();
    controller.signal.addEventListener('abort', abortOwn, { once: true });
    try {
      const transcript = await driver.run(withBudget(testCase, remaining), model, own.signal);
      spent += readRunCost(transcript) ?? 0;
      const results = await evaluateExpectations(transcript, testCase.expectations, options.grade);
      return { ...base, transcript, results };
    } catch (error) {
      return { ...base, error: error instanceof Error ? error.message : String(error), results: [] };
    } finally {
      controller.signal.removeEventListener('abort', abortOwn);
    }
  }

  async function lane(): Promise<void> {
    while (next < jobs.length) {
      if (controller.signal.aborted) stoppedBy ??= 'cancelled';
      else if (capReached()) stoppedBy ??= 'spend-cap';
      if (stoppedBy !== undefined) return;
      const index = next;
      next += 1;
      const job = jobs[index];
      if (job === undefined) return;
      const run = await runJob(job);
      results[index] = run;
      options.onRun?.(run);
    }
  }

  const lanes = Math.max(1, Math.min(Math.floor(options.concurrency), jobs.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  options.signal?.removeEventListener('abort', stop);
  const runs = results.filter((run): run is CaseRun => run !== undefined);
  return { runs, planned: jobs.length, ...(stoppedBy === undefined ? {} : { stoppedBy }) };
}
