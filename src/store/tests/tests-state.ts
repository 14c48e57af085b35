// The Tests panel's state: the suite being built, and each case's latest batch of runs. Types only.
import type { CaseRun } from '../../suite/summarize-runs';
import type { TestCase, TestSuite } from '../../suite/test-suite';
import type { TrendHistory } from './test-trend';

/** The latest "Run ×N" of one case. */
export interface TestBatch {
  running: boolean;
  planned: number;
  /** Runs checked so far, in the order they finished. */
  runs: CaseRun[];
  stoppedBy?: 'cancelled' | 'spend-cap';
}

/** What a "Run ×N" asks for. */
export interface TestBatchOptions {
  times: number;
  /**
   * The models side by side, each `id` (the case's provider), `provider/model` or
   * `openai-compatible/model@base URL` (parse-model-list.ts); empty → the case's own model.
   */
  models: string[];
  concurrency: number;
  spendCapUsd?: number;
}

export interface TestsSlice {
  testSuite: TestSuite;
  testBatches: Record<string, TestBatch>;
  /** Each suite's recent results per case (`trendKey`), kept on this device. */
  testTrends: TrendHistory;
  /** Turns the shown, finished run into a test case (added to the suite); false when it could not. */
  makeTest: () => Promise<boolean>;
  updateTestCase: (caseId: string, change: Partial<Omit<TestCase, 'id'>>) => void;
  removeTestCase: (caseId: string) => void;
  renameSuite: (name: string) => void;
  runTestCase: (caseId: string, options: TestBatchOptions) => Promise<void>;
  cancelTestCase: (caseId: string) => void;
  /** The suite file's text (JSON, docs/test-suites.md). */
  exportSuite: () => string;
  /** Replaces the suite with a file's; false (and an alert saying why) when the file is not a suite. */
  importSuite: (text: string, fileName: string) => Promise<boolean>;
  /** Opens one run of a batch as a new session, with its full timeline. */
  openTestRun: (caseId: string, index: number) => Promise<void>;
}
