// What the Tests slice does with a suite — check a file, make a case from a run, run cases through the worker,
// grade, keep a trend — loaded as a chunk apart from the first paint: checking a suite brings a JSON Schema
// validator and the suite's schema, and a run its driver, model list and checks (issue 16's first-load budget).
export { importSuite, makeTest, readStoredTests, runTestCase, type TestsContext } from './tests-actions';
