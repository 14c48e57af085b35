// Pure: a provider request (and optionally its response) as a Loupe transcript, which the import path then opens.
import type { ContentBlock, Message, ToolResultBlock } from '../message/message';
import type { StopReason, Usage } from '../model/model';
import type { Transcript, TranscriptRound, TranscriptToolCall } from '../transcript/transcript';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } from '../transcript/transcript';
import type { ImportedRequest, ImportedResponse } from './imported-request';
import { mapRequestTools, type ToolMapping } from './map-request-tools';
import { pairToolCalls } from './pair-tool-calls';
import { refuse } from './request-import-error';

export interface RequestTranscriptOptions {
  runId: string;
  /** When the import happens (ms since the epoch): the engine has no clock. */
  now: number;
  app: { name: string; version: string };
  /** The base URL the request went to, its secrets already redacted (absent: the provider's default). */
  baseUrl?: string;
  /** Exposed names of the connected servers' tools, for mapRequestTools. */
  connectedTools?: readonly string[];
}

/** The transcript and where each of the request's tools went. */
export interface RequestTranscript {
  transcript: Transcript;
  tools: ToolMapping[];
  notes: string[];
}

const ZERO: Usage = { inputTokens: 0, outputTokens: 0 };
const NOT_RUN =
  'Not run: the request was imported with this response; Continue live runs the calls the model asked for.';

const rename = (content: ContentBlock[], names: Map<string, string>): ContentBlock[] =>
  content.map((block) =>
    block.type === 'tool_use' && names.has(block.name) ? { ...block, name: names.get(block.name)! } : block,
  );

function toolCall(
  call: ContentBlock & { type: 'tool_use' },
  result: ToolResultBlock | undefined,
  at: number,
): TranscriptToolCall {
  const timing = { queuedAt: at, startedAt: at, endedAt: at, durationMs: 0 };
  if (!result)
    return {
      id: call.id,
      name: call.name,
      input: call.input,
      status: 'not-executed',
      isError: true,
      content: [{ type: 'text', text: NOT_RUN }],
      timing,
      edits: [],
    };
  const isError = result.is_error === true;
  return {
    id: call.id,
    name: call.name,
    input: call.input,
    status: isError ? 'tool-error' : 'ok',
    isError,
    content: result.content,
    timing,
    edits: [],
  };
}

/**
 * Each assistant message becomes a round (its tool calls answered by the next message's results); the messages
 * before the first are the prompt; `response`, when given, is the last round. The tools keep their request
 * names unless one maps onto a connected server's tool, whose exposed name it then takes everywhere (calls too).
 * Unpaired calls, results without a call and a history that does not start with the person are refused.
 */
export function requestToTranscript(
  request: ImportedRequest,
  response: ImportedResponse | undefined,
  options: RequestTranscriptOptions,
): RequestTranscript {
  const notes = [...request.notes];
  const mapping = mapRequestTools(request.tools, options.connectedTools ?? []);
  const names = new Map(
    mapping.flatMap((tool) => (tool.server && tool.server !== tool.name ? [[tool.name, tool.server] as const] : [])),
  );
  for (const [from, to] of names) notes.push(`The tool “${from}” is the connected server tool “${to}”.`);
  const mocks = mapping.filter((tool) => !tool.server).map((tool) => tool.name);
  if (mocks.length > 0)
    notes.push(`Answered from the recorded results (no connected server has them): ${mocks.join(', ')}.`);

  if (request.messages[0]?.role !== 'user')
    refuse('messages[0].role', '"user" (a conversation starts with the person)', `"${request.messages[0]?.role}"`);
  const last = request.messages.at(-1)!;
  if (response && last.role !== 'user')
    refuse(
      'messages',
      'a request ending with a user message (the response answers it)',
      'one ending with an assistant message',
    );
  const messages: Message[] = [
    ...request.messages,
    ...(response ? [{ role: 'assistant' as const, content: response.content }] : []),
  ].map((message) => ({
    role: message.role,
    content: rename(message.content, names),
  }));
  const finalIndex = messages.length - 1;
  pairToolCalls(messages, messages[finalIndex]!.role === 'assistant' ? finalIndex : -1);
  const tools = request.tools.map((tool) => ({ ...tool, name: names.get(tool.name) ?? tool.name }));

  const rounds: TranscriptRound[] = [];
  const usage = { ...ZERO };
  const at = options.now;
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const isResponse = response !== undefined && index === finalIndex;
    const calls = message.content.filter((block) => block.type === 'tool_use');
    const next = messages[index + 1];
    const results = new Map(
      (next?.content ?? []).flatMap((block) =>
        block.type === 'tool_result' ? [[block.tool_use_id, block] as const] : [],
      ),
    );
    const stopReason: StopReason | null = isResponse ? response.stopReason : calls.length > 0 ? 'tool_use' : 'end_turn';
    const roundUsage = isResponse ? response.usage : ZERO;
    usage.inputTokens += roundUsage.inputTokens;
    usage.outputTokens += roundUsage.outputTokens;
    rounds.push({
      round: rounds.length + 1,
      request: {
        model: request.model,
        provider: request.provider,
        ...(request.system !== undefined ? { system: request.system } : {}),
        toolNames: tools.map((tool) => tool.name),
        messageCount: index,
        maxTokens: request.maxTokens,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.toolChoice ? { toolChoice: request.toolChoice } : {}),
      },
      response: {
        content: message.content,
        stopReason,
        usage: roundUsage,
        interrupted: false,
        timing: { startedAt: at, endedAt: at, durationMs: 0 },
      },
      toolCalls: calls.map((call) => toolCall(call, results.get(call.id), at)),
    });
  });
  // The calls of a last response are not run: their results say so, so the history stays sendable as it is.
  const open = rounds.at(-1)?.toolCalls.filter((call) => call.status === 'not-executed') ?? [];
  if (response && open.length > 0)
    messages.push({
      role: 'user',
      content: open.map((call) => ({
        type: 'tool_result',
        tool_use_id: call.id,
        content: call.content,
        is_error: true,
      })),
    });
  const lastMessage = messages.at(-1)!;
  const ended = lastMessage.role === 'assistant' && !lastMessage.content.some((block) => block.type === 'tool_use');
  const finishReason = ended
    ? rounds.at(-1)?.response?.stopReason === 'max_tokens'
      ? 'max_tokens'
      : 'end_turn'
    : null;
  const transcript: Transcript = {
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_VERSION,
    createdAt: new Date(at).toISOString(),
    app: options.app,
    runId: options.runId,
    ...(request.system !== undefined ? { system: request.system } : {}),
    tools,
    settings: {
      provider: request.provider,
      model: request.model,
      ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
      maxRounds: Math.max(10, rounds.length + 10),
      maxTokens: request.maxTokens,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    },
    servers: [],
    messages,
    rounds,
    finishReason,
    usage,
  };
  return { transcript, tools: mapping, notes };
}
