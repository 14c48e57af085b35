// Pure: one agent trace as a Loupe transcript. The history comes from the last inference span that carries its
// input (an agent sends the whole conversation each round) plus its reply, results missing there from the
// `execute_tool` spans; each round then takes its model, usage, timing and stop reason from its own span, each
// call its timing and failure from its tool span. A trace without content becomes rounds that say so.
import type { ImportedRequest } from '../../request-import/imported-request';
import { requestToTranscript } from '../../request-import/request-to-transcript';
import { RequestImportError } from '../../request-import/request-import-error';
import type { Transcript } from '../../transcript/transcript';
import type { AgentTrace } from './group-agent-traces';
import { refuseOtlp } from './otlp-import-error';
import { genAiToAnthropic } from './genai-to-anthropic';
import type { GenAiMessage, SpanContent } from './genai-message-parts';
import { readSpanContent } from './read-span-content';
import { overlaySpanFacts } from './overlay-span-facts';
import {
  maxTokensOf,
  modelOf,
  providerOf,
  stopReasonOf,
  temperatureOf,
  toolDefinitionsOf,
  toolFactsOf,
  usageOf,
  type ToolSpanFacts,
} from './span-round-facts';

export interface TraceTranscriptOptions {
  runId: string;
  app: { name: string; version: string };
}

const NOT_CAPTURED = 'Not captured: the instrumentation that wrote this trace did not record message content.';

/** Rounds and calls from the spans alone, when no span carries the messages. */
function synthesize(trace: AgentTrace, facts: ToolSpanFacts[]): GenAiMessage[] {
  const messages: GenAiMessage[] = [{ role: 'user', parts: [{ type: 'text', text: NOT_CAPTURED }] }];
  // A call belongs to the last round that had ended when it started (rounds and calls are siblings in a trace).
  const roundOf = (start: number): number =>
    Math.max(
      0,
      trace.chatSpans.findLastIndex((chat) => chat.end <= start),
    );
  trace.chatSpans.forEach((_span, index) => {
    const calls = trace.toolSpans
      .map((tool, at) => ({ tool, fact: facts[at]! }))
      .filter(({ tool }) => roundOf(tool.start) === index);
    messages.push({
      role: 'assistant',
      parts: [
        { type: 'text', text: NOT_CAPTURED },
        ...calls.map(({ tool, fact }) => ({
          type: 'tool_call' as const,
          id: fact.callId ?? tool.spanId,
          name: fact.name ?? tool.name.replace(/^execute_tool /, ''),
          arguments: fact.arguments ?? {},
        })),
      ],
    });
    if (calls.length > 0)
      messages.push({
        role: 'tool',
        parts: calls.map(({ tool, fact }) => ({
          type: 'tool_call_response' as const,
          id: fact.callId ?? tool.spanId,
          response: fact.result ?? NOT_CAPTURED,
        })),
      });
  });
  return messages;
}

/** Adds the results the messages lack (a trace that ends after its tools ran) from the tool spans. */
function fillResults(messages: GenAiMessage[], byCall: Map<string, ToolSpanFacts>): GenAiMessage[] {
  const answered = new Set(
    messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_call_response' ? [p.id] : []))),
  );
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return messages;
  const open = last.parts.flatMap((p) => (p.type === 'tool_call' && !answered.has(p.id) ? [p] : []));
  const found = open.flatMap((call) => {
    const fact = byCall.get(call.id);
    return fact?.result !== undefined
      ? [{ type: 'tool_call_response' as const, id: call.id, response: fact.result }]
      : [];
  });
  // Only when every open call has its result: a partial answer would leave the history unsendable.
  return found.length > 0 && found.length === open.length ? [...messages, { role: 'tool', parts: found }] : messages;
}

function historyOf(contents: SpanContent[], trace: AgentTrace, facts: ToolSpanFacts[]): GenAiMessage[] {
  const index = contents.findLastIndex((content) => (content.input?.length ?? 0) > 0);
  if (index < 0) return synthesize(trace, facts);
  const content = contents[index]!;
  return [...content.input!, ...(content.output ? [content.output] : [])];
}

/** The trace as a transcript, with notes on what was mapped or could not be (shown as import changes). */
export function agentTraceToTranscript(
  trace: AgentTrace,
  options: TraceTranscriptOptions,
): { transcript: Transcript; notes: string[] } {
  const contents = trace.chatSpans.map((span) => readSpanContent(span, trace.logsBySpan.get(span.spanId) ?? []));
  const facts = trace.toolSpans.map(toolFactsOf);
  const byCall = new Map(facts.flatMap((fact) => (fact.callId !== undefined ? [[fact.callId, fact] as const] : [])));
  let generated = 0;
  const callId = (id: string): string => {
    if (id !== '') return id;
    generated += 1;
    return `otlp_call_${generated}`;
  };
  const history = fillResults(historyOf(contents, trace, facts), byCall);
  const { messages, droppedReasoning } = genAiToAnthropic(history, callId);
  if (messages[0]?.role !== 'user')
    messages.unshift({
      role: 'user',
      content: [{ type: 'text', text: 'The trace does not say what was asked first.' }],
    });
  const lastSpan = trace.chatSpans.at(-1)!;
  const lastContent = contents.at(-1)!;
  const finalMessage = messages.at(-1)!.role === 'assistant' && messages.length > 1 ? messages.pop() : undefined;
  const definitions =
    contents.length > 0 ? trace.chatSpans.map(toolDefinitionsOf).findLast((list) => list !== undefined) : undefined;
  const called = [
    ...new Set(
      messages
        .concat(finalMessage ?? [])
        .flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_use' ? [b.name] : []))),
    ),
  ];
  const tools = definitions ?? called.map((name) => ({ name, description: '', input_schema: { type: 'object' } }));
  const system = contents.map((content) => content.system).findLast((text) => text !== undefined);
  const temperature = temperatureOf(lastSpan);
  const request: ImportedRequest = {
    provider: providerOf(lastSpan),
    model: modelOf(lastSpan) ?? 'unknown',
    ...(system !== undefined ? { system } : {}),
    maxTokens: maxTokensOf(lastSpan) ?? 4096,
    ...(temperature !== undefined ? { temperature } : {}),
    tools,
    messages,
    notes: [],
  };
  try {
    const made = requestToTranscript(
      request,
      finalMessage
        ? {
            content: finalMessage.content,
            stopReason: stopReasonOf(lastSpan, lastContent.output?.finishReason) ?? null,
            usage: usageOf(lastSpan),
          }
        : undefined,
      { runId: options.runId, now: trace.start, app: options.app },
    );
    const notes = made.notes.map((note) => `Trace: ${note}`);
    overlaySpanFacts(made.transcript, trace, contents, byCall, notes);
    if (droppedReasoning > 0)
      notes.push(
        `Trace: ${droppedReasoning} reasoning part(s) left out (a trace carries no signature to send them back).`,
      );
    if (trace.orphans > 0)
      notes.push(`Trace: ${trace.orphans} span(s) name a parent that is not in the file; read as top-level spans.`);
    return { transcript: made.transcript, notes };
  } catch (error) {
    if (error instanceof RequestImportError)
      refuseOtlp(`trace ${trace.traceId}`, error.problem.expected, error.problem.got);
    throw error;
  }
}
