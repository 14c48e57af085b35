// The settings a test run starts with, from its case and model; the browser and the headless runner share it.
import { DEFAULT_DEBUG_SETTINGS } from '../protocol/debug-settings';
import type { ProviderSettings, RunSettings } from '../protocol/settings';
import type { TestCase, TestModel } from './test-suite';

/** `provider` carries the key, found by the caller (the person's settings, or the environment). */
export function testRunSettings(testCase: TestCase, model: TestModel, provider: ProviderSettings): RunSettings {
  return {
    provider,
    system: testCase.system,
    maxRounds: testCase.maxRounds,
    maxTokens: testCase.maxTokens,
    ...(testCase.temperature === undefined ? {} : { temperature: testCase.temperature }),
    ...(model.price === undefined ? {} : { price: model.price }),
    ...(testCase.tools === undefined ? {} : { tools: testCase.tools }),
    ...(testCase.policies === undefined ? {} : { policies: testCase.policies }),
    // A test never waits for a person: no step mode, breakpoints or approvals, whatever the debugger says.
    debug: DEFAULT_DEBUG_SETTINGS,
  };
}
