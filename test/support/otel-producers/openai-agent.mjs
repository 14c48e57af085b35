// A person's agent on the `openai` client, traced by the official OpenTelemetry instrumentation
// (@opentelemetry/instrumentation-openai, content on): a weather question, one tool round, an answer. The loop and
// its `invoke_agent` / `execute_tool` spans are the agent's own code, as the GenAI conventions describe them; the
// `chat` spans and the message logs are the instrumentation's. Env: LOUPE_OPENAI_BASE, LOUPE_OPENAI_KEY, LOUPE_OTLP_BASE,
// LOUPE_OTLP_PROTOCOL (json | proto).
import { createRequire } from 'node:module';
import { setUpOpenTelemetry } from './otel-setup.mjs';

// The SDKs load through CommonJS `require`, as most deployed agents load them: the instrumentations' require
// hooks patch them there.
const require = createRequire(import.meta.url);
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { OpenAIInstrumentation } = require('@opentelemetry/instrumentation-openai');

const otel = setUpOpenTelemetry('weather-agent-openai');
registerInstrumentations({ instrumentations: [new OpenAIInstrumentation({ captureMessageContent: true })] });
// Required after the instrumentation is registered, as its docs say: the require hook patches it.
const { OpenAI } = require('openai');

const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The weather in a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
];

function runTool(name, args) {
  return name === 'get_weather' ? { city: args.city, celsius: 14, sky: 'windy' } : { error: `no tool ${name}` };
}

async function readStream(stream) {
  let content = '';
  const calls = [];
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta;
    if (!delta) continue;
    content += delta.content ?? '';
    for (const call of delta.tool_calls ?? []) {
      const slot = (calls[call.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
      slot.id += call.id ?? '';
      slot.function.name += call.function?.name ?? '';
      slot.function.arguments += call.function?.arguments ?? '';
    }
  }
  return { content, calls };
}

async function main() {
  const client = new OpenAI({
    baseURL: process.env.LOUPE_OPENAI_BASE,
    apiKey: process.env.LOUPE_OPENAI_KEY ?? 'test-key',
  });
  const attributes = { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'weather-agent' };
  await otel.tracer.startActiveSpan('invoke_agent weather-agent', { attributes }, async (agent) => {
    const messages = [
      { role: 'system', content: 'You answer questions about the weather.' },
      { role: 'user', content: 'What should I wear in Paris today?' },
    ];
    for (let round = 0; round < 4; round += 1) {
      const stream = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages,
        tools: TOOLS,
        stream: true,
        stream_options: { include_usage: true },
      });
      const { content, calls } = await readStream(stream);
      messages.push({ role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: calls } : {}) });
      if (calls.length === 0) break;
      for (const call of calls) {
        const args = JSON.parse(call.function.arguments);
        const result = await otel.tracer.startActiveSpan(
          `execute_tool ${call.function.name}`,
          {
            attributes: {
              'gen_ai.operation.name': 'execute_tool',
              'gen_ai.tool.name': call.function.name,
              'gen_ai.tool.call.id': call.id,
              'gen_ai.tool.type': 'function',
            },
          },
          async (span) => {
            const value = runTool(call.function.name, args);
            span.setAttribute('gen_ai.tool.call.result', JSON.stringify(value));
            span.end();
            return value;
          },
        );
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      }
    }
    agent.end();
  });
  await otel.flush();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
