// A real loop run (scripted model, in-memory tools) folded into a transcript, for the OTel mapping tests: two
// rounds, two calls (one fails), cache tokens, a system prompt.
import { runToolLoop } from '../run/run-tool-loop';
import { buildTranscript } from '../transcript/build-transcript';
import type { Transcript } from '../transcript/transcript';
import { collectRun } from './collect-run';
import { createFakeEnvironment } from './fake-environment';
import { createInMemoryTool } from './in-memory-tool';
import { createScriptedModel } from './scripted-model';
import { text, use, weatherTool } from './weather-fixture';

/** The sample run's transcript. */
export async function sampleTranscript(): Promise<Transcript> {
  const environment = createFakeEnvironment();
  const broken = createInMemoryTool({
    name: 'clock',
    run: () => {
      throw new Error('clock is broken');
    },
  });
  const model = createScriptedModel([
    {
      content: [text('Checking.'), use('c1', 'weather', { city: 'Paris' }), use('c2', 'clock')],
      usage: { inputTokens: 100, outputTokens: 20, cacheCreationInputTokens: 40 },
    },
    { content: [text('Sunny.')], usage: { inputTokens: 150, outputTokens: 10, cacheReadInputTokens: 90 } },
  ]);
  const handle = runToolLoop({
    model,
    tools: [weatherTool(), broken],
    system: 'Be brief. sk-secret-not-here',
    history: [],
    userMessage: { role: 'user', content: [text('Weather in Paris?')] },
    environment,
  });
  const { events } = await collectRun(handle, (event) => {
    if (event.type === 'response-start' || event.type === 'text-delta') environment.advance(5);
  });
  return buildTranscript(events, {
    createdAt: '2025-01-01T00:00:00.000Z',
    app: { name: 'Loupe', version: '0.1.0' },
    settings: { provider: 'anthropic', model: 'claude-test', maxRounds: 10, maxTokens: 4096 },
    servers: [],
  });
}
