// A test case's API tools (its model's `apiTools`), read like stored settings; the browser and headless share it. Pure.
import { anyApiToolOn, resolveMemoryScope, type ApiToolSettings } from '../shared/api-tool-settings';
import { readApiToolSettings } from '../shared/read-api-tool-settings';
import type { TestModel } from './test-suite';

/**
 * The suite's API tools for a run (a bad field off, none when none is on). Memory's calls go to the memory the
 * suite names, or to `session:<runner>` — the runner's own memory (`headless`, `tests` in the page), never the
 * person's session memory.
 */
export function apiToolsForTest(model: TestModel, runner: string): { apiTools?: ApiToolSettings } {
  if (model.provider !== 'anthropic' || model.apiTools === undefined) return {};
  const read = readApiToolSettings(model.apiTools);
  const apiTools = read.memory.enabled
    ? { ...read, memory: { enabled: true, scope: resolveMemoryScope(read.memory.name, runner) } }
    : read;
  return anyApiToolOn(apiTools) ? { apiTools } : {};
}
