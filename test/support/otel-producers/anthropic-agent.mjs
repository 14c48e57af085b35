// A person's agent on `@anthropic-ai/sdk`, traced by OpenInference's Anthropic instrumentation
// (@arizeai/openinference-instrumentation-anthropic: `llm.input_messages.*` attributes, one of the older shapes
// real traces carry). The agent span and the TOOL spans are the agent's own code, in OpenInference's terms.
// Env: LOUPE_ANTHROPIC_BASE, LOUPE_OTLP_BASE, LOUPE_OTLP_PROTOCOL (json | proto).
import { createRequire } from 'node:module';
import { setUpOpenTelemetry } from './otel-setup.mjs';

// The SDKs load through CommonJS `require`, as most deployed agents load them: the instrumentations' require
// hooks patch them there.
const require = createRequire(import.meta.url);
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { AnthropicInstrumentation } = require('@arizeai/openinference-instrumentation-anthropic');

const otel = setUpOpenTelemetry('weather-agent-anthropic');
registerInstrumentations({ instrumentations: [new AnthropicInstrumentation()] });
const Anthropic = require('@anthropic-ai/sdk');

const TOOLS = [
  {
    name: 'get_weather',
    description: 'The weather in a city',
    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

async function main() {
  // The SDK's own tracing is off: the spans under test are the instrumentation's alone.
  const client = new Anthropic.Anthropic({
    baseURL: process.env.LOUPE_ANTHROPIC_BASE,
    apiKey: 'test-key',
    openTelemetry: false,
  });
  await otel.tracer.startActiveSpan(
    'weather-agent',
    { attributes: { 'openinference.span.kind': 'AGENT' } },
    async (agent) => {
      const messages = [{ role: 'user', content: 'What should I wear in Paris today?' }];
      for (let round = 0; round < 4; round += 1) {
        const reply = await client.messages.create({
          model: 'claude-sonnet-4-6',
          max_tokens: 1024,
          system: 'You answer questions about the weather.',
          tools: TOOLS,
          messages,
        });
        messages.push({ role: 'assistant', content: reply.content });
        const calls = reply.content.filter((block) => block.type === 'tool_use');
        if (calls.length === 0) break;
        const results = [];
        for (const call of calls) {
          const value = { city: call.input.city, celsius: 14, sky: 'windy' };
          otel.tracer.startActiveSpan(
            call.name,
            {
              attributes: {
                'openinference.span.kind': 'TOOL',
                'tool.name': call.name,
                'tool_call.id': call.id,
                'input.value': JSON.stringify(call.input),
              },
            },
            (span) => {
              span.setAttribute('output.value', JSON.stringify(value));
              span.end();
            },
          );
          results.push({ type: 'tool_result', tool_use_id: call.id, content: JSON.stringify(value) });
        }
        messages.push({ role: 'user', content: results });
      }
      agent.end();
    },
  );
  await otel.flush();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
