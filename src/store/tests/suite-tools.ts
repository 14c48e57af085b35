// What the Tests slice does with a suite — check a file, make a case from a run, run cases through the worker,
// grade — loaded as a chunk apart from the first paint: checking a suite brings a JSON Schema validator and the
// suite's schema. A run's model list, its missing servers and its trend point are worked out here too: only "Run
// ×N" needs them (issue 16's first-load budget).
export { makeTestCase } from '../../suite/make-test-case';
export { parseSuite } from '../../suite/parse-suite';
export { runCases } from '../../suite/run-cases';
export { createBrowserDriver } from './create-browser-driver';
export { createBrowserGrader } from './create-browser-grader';
export { parseModelList } from '../../suite/parse-model-list';
export { findMissingServers } from './find-missing-servers';
export { trendPointOf } from './test-trend';
