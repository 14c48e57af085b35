// Test helpers for the loop-policy tests: a run starter, a tiny schema check and deferreds. Pure: no I/O.
import type { Message } from '../message/message';
import type { ToolInputValidatorFactory } from '../policies/run-policy-state';
import type { RunOptions } from '../run/run-options';
import { runToolLoop } from '../run/run-tool-loop';
import type { Tool } from '../tool/tool';
import { createFakeEnvironment } from './fake-environment';
import { createScriptedModel, type ScriptedReplies } from './scripted-model';
import { text } from './weather-fixture';

export { text, use } from './weather-fixture';
export const userMessage: Message = { role: 'user', content: [text('What should I wear in Paris?')] };

/** Starts a run on a fake clock with a scripted model. */
export function startRun(replies: ScriptedReplies, tools: Tool[], extra: Partial<RunOptions> = {}) {
  const environment = createFakeEnvironment();
  const model = createScriptedModel(replies);
  const handle = runToolLoop({ model, tools, history: [], userMessage, environment, ...extra });
  return { environment, model, handle };
}

/**
 * A stand-in for the worker's JSON Schema validator, enough for engine tests: `required` and the
 * `type` of each property, with the path, expected and got. Counts how many schemas it compiled.
 */
export function createTestValidator(): { factory: ToolInputValidatorFactory; compiled: () => number } {
  let compiled = 0;
  const factory: ToolInputValidatorFactory = (schema) => {
    compiled += 1;
    const properties = (schema.properties ?? {}) as Record<string, { type?: string }>;
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    return (input) => {
      for (const name of required) {
        if (!(name in input)) return `/: Instance does not have required property "${name}".`;
      }
      for (const [name, value] of Object.entries(input)) {
        const expected = properties[name]?.type;
        const got = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
        if (expected !== undefined && expected !== got) {
          return `/${name}: Instance type "${got}" is invalid. Expected "${expected}".`;
        }
      }
      return undefined;
    };
  };
  return { factory, compiled: () => compiled };
}

/** A promise with its resolve function, to settle a tool at a precise moment. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Lets queued microtasks and promise chains run. */
export async function flush(times = 20): Promise<void> {
  for (let index = 0; index < times; index += 1) await Promise.resolve();
}
