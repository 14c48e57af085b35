// Runs made by the Tests panel carry this prefix: the session keeps none of them (they are not the person's runs).
export const TEST_RUN_PREFIX = 'test-run-';

export const isTestRunId = (runId: string): boolean => runId.startsWith(TEST_RUN_PREFIX);
