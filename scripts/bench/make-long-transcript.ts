// Bench support: a transcript of N rounds made by the real engine with a lean model (no request copies),
// two instant tool calls per round and a short Markdown reply, so imports of any size are the real format.
import type { RunEvent } from '../../src/engine/event/run-event';
import type { Model, ModelStreamPart } from '../../src/engine/model/model';
import { runToolLoop } from '../../src/engine/run/run-tool-loop';
import { createInMemoryTool } from '../../src/engine/testing/in-memory-tool';
import { buildTranscript } from '../../src/engine/transcript/build-transcript';
import type { Transcript } from '../../src/engine/transcript/transcript';
import { createRunEnvironment } from '../../src/worker/create-run-environment';

const usage = { inputTokens: 120, outputTokens: 40 };

function leanModel(rounds: number): Model {
  let call = 0;
  return {
    provider: 'demo',
    modelId: 'loupe-demo',
    // eslint-disable-next-line @typescript-eslint/require-await -- an async generator is the Model's shape
    async *doStream(): AsyncGenerator<ModelStreamPart> {
      call += 1;
      yield { type: 'response-start', usage };
      yield { type: 'text-start', index: 0 };
      yield { type: 'text-delta', index: 0, text: `Round **${call}**: checking the *weather* and ` };
      yield { type: 'text-delta', index: 0, text: 'what to wear, then `comparing`.' };
      yield { type: 'block-end', index: 0 };
      if (call >= rounds) {
        yield { type: 'response-end', stopReason: 'end_turn', usage };
        return;
      }
      for (const [offset, name] of ['weather_get', 'clothing_advise'].entries()) {
        const index = offset + 1;
        yield { type: 'tool-use-start', index, id: `toolu_${call}_${index}`, name };
        yield { type: 'tool-input-delta', index, partialJson: `{"city":"Rome","day":${call}}` };
        yield { type: 'block-end', index };
      }
      yield { type: 'response-end', stopReason: 'tool_use', usage };
    },
  };
}

const tool = (name: string, answer: string, failOnDay?: number) =>
  createInMemoryTool({
    name,
    annotations: { readOnlyHint: true },
    inputSchema: { type: 'object', properties: { city: { type: 'string' }, day: { type: 'number' } } },
    run: (input) => {
      if (input.day === failOnDay) throw new Error(`No forecast for day ${failOnDay}.`);
      return answer;
    },
  });

/**
 * Runs the engine for `rounds` rounds and folds the events into a transcript (format 1). With
 * `failAtRound`, that round's weather call fails (a tool error).
 */
export async function makeLongTranscript(rounds: number, failAtRound?: number): Promise<Transcript> {
  const handle = runToolLoop({
    model: leanModel(rounds),
    tools: [tool('weather_get', '{"temp":21,"sky":"clear"}', failAtRound), tool('clothing_advise', 'A light jacket.')],
    history: [],
    userMessage: { role: 'user', content: [{ type: 'text', text: 'Plan a week in Rome.' }] },
    environment: createRunEnvironment(),
    maxRounds: rounds + 1,
    policies: { loopGuardRepeats: 0, duplicates: 'off' },
  });
  const events: RunEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return buildTranscript(events, {
    createdAt: new Date(0).toISOString(),
    app: { name: 'Loupe', version: '0.1.0' },
    settings: { provider: 'demo', model: 'loupe-demo', maxRounds: rounds + 1, maxTokens: 4096 },
    servers: [],
  });
}
