// Pure: what one inference span says was sent and answered, from wherever its instrumentation put it — current
// attributes, logs or span events, OpenLLMetry's indexed attributes, OpenInference's — first found wins.
import type { ReadLog, ReadSpan } from './read-span';
import type { GenAiMessage, SpanContent } from './genai-message-parts';
import { readConventionMessages, readSystemInstructions } from './read-convention-messages';
import { hasMessageEvents, readEventMessages, type MessageEvent } from './read-event-messages';
import { readOpenInferenceMessages, readOpenLlmetryMessages } from './read-indexed-messages';
import { invocationParametersOf } from './span-round-facts';

function splitSystem(messages: GenAiMessage[]): { system?: string; input: GenAiMessage[] } {
  const system = messages
    .filter((message) => message.role === 'system')
    .flatMap((message) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])))
    .join('\n');
  return { ...(system !== '' ? { system } : {}), input: messages.filter((message) => message.role !== 'system') };
}

function withSystem(content: SpanContent, system: string | undefined): SpanContent {
  return system !== undefined && content.system === undefined ? { ...content, system } : content;
}

/** The span's content; `logs` are the log records tied to it (same span id). */
export function readSpanContent(span: ReadSpan, logs: readonly ReadLog[]): SpanContent {
  const attributes = span.attributes;
  const instructions =
    readSystemInstructions(attributes['gen_ai.system_instructions']) ??
    readSystemInstructions(invocationParametersOf(span)['system']);
  // Current conventions: attributes on the span, or on an inference-details log/event.
  const detail = logs.find((log) => log.attributes['gen_ai.input.messages'] !== undefined)?.attributes;
  const inputAttr = attributes['gen_ai.input.messages'] ?? detail?.['gen_ai.input.messages'];
  const outputAttr = attributes['gen_ai.output.messages'] ?? detail?.['gen_ai.output.messages'];
  const input = readConventionMessages(inputAttr);
  const output = readConventionMessages(outputAttr);
  if (input || output) {
    const split = input ? splitSystem(input) : undefined;
    const content: SpanContent = {
      ...(split?.system !== undefined ? { system: split.system } : {}),
      ...(split ? { input: split.input } : {}),
      ...(output?.[0] ? { output: output[0] } : {}),
    };
    return withSystem(content, instructions ?? readSystemInstructions(detail?.['gen_ai.system_instructions']));
  }
  // Messages as events: log records tied to the span, else span events.
  const events: MessageEvent[] = [
    ...logs.map((log) => ({ name: log.eventName, body: log.body })),
    ...span.events.map((event) => ({ name: event.name, body: event.attributes })),
  ];
  if (hasMessageEvents(events)) {
    const read = readEventMessages(events);
    return withSystem({ ...splitSystem(read.input), ...(read.output ? { output: read.output } : {}) }, instructions);
  }
  // OpenLLMetry's indexed attributes.
  const prompts = readOpenLlmetryMessages(attributes, 'gen_ai.prompt.');
  const completions = readOpenLlmetryMessages(attributes, 'gen_ai.completion.');
  if (prompts.length > 0 || completions.length > 0)
    return withSystem({ ...splitSystem(prompts), ...(completions[0] ? { output: completions[0] } : {}) }, instructions);
  // OpenInference's.
  const inputs = readOpenInferenceMessages(attributes, 'llm.input_messages.');
  const outputs = readOpenInferenceMessages(attributes, 'llm.output_messages.');
  if (inputs.length > 0 || outputs.length > 0)
    return withSystem({ ...splitSystem(inputs), ...(outputs[0] ? { output: outputs[0] } : {}) }, instructions);
  return instructions !== undefined ? { system: instructions } : {};
}
