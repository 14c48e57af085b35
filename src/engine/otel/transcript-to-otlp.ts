// A Loupe transcript as one OTel GenAI trace per run (its branches too): an `invoke_agent` span for the run, a
// `chat {model}` span per round and an `execute_tool {name}` span per call under it. docs/otel.md is the map.
import type { Message } from '../message/message';
import type { FinishReason, RunErrorInfo } from '../event/run-event';
import type { ToolDefinition, Usage } from '../model/model';
import type { Transcript, TranscriptLimit, TranscriptRound } from '../transcript/transcript';
import { chatSpan, providerNameOf } from './chat-span';
import { traceIdOf, spanIdOf } from './otel-ids';
import {
  SPAN_KIND_INTERNAL,
  STATUS_ERROR,
  STATUS_UNSET,
  toAttributes,
  toUnixNano,
  type OtlpKeyValue,
  type OtlpSpan,
  type OtlpTraceRequest,
} from './otlp-json';
import { limitSpanEvent } from './round-span-events';
import { runLinks, type RunOrigin } from './run-links';
import { toolSpan, type McpCallInfo } from './tool-span';

export interface OtlpExportOptions {
  /** Message content (system, messages, tool definitions, arguments, results): off unless asked for. */
  content: boolean;
  /**
   * The MCP request behind call `callId` of run `runId`, when the caller knows it (the worker does; a file does
   * not). By run: a fork re-asks the model, and a scripted model may give its calls the ids the parent's had.
   */
  mcpCallOf?: (runId: string, callId: string) => McpCallInfo | undefined;
  /** Where a run came from besides a fork (a replay), when the caller knows it. */
  originOf?: (runId: string) => RunOrigin | undefined;
  /** Only these runs become traces; the others of the transcripts' families still name what a link points to. */
  onlyRunIds?: ReadonlySet<string>;
  /** More attributes on a run's `invoke_agent` span (a test run's case, model and attempt). */
  agentAttributesOf?: (runId: string) => OtlpKeyValue[];
  /** `service.version` and the scope's version. */
  appVersion: string;
}

/** One run of a family: the transcript's own, or one of its branches. */
interface RunRecord {
  runId: string;
  name?: string | undefined;
  parentRunId: string | null;
  forkRound: number | null;
  system?: string | undefined;
  tools: ToolDefinition[];
  messages: Message[];
  rounds: TranscriptRound[];
  finishReason: FinishReason | null;
  usage: Usage;
  error?: RunErrorInfo | undefined;
  limits: TranscriptLimit[];
  provider: string;
  model: string;
  startedAt: number;
}

function runsOf(transcript: Transcript): RunRecord[] {
  const startedAt = Date.parse(transcript.createdAt);
  const base = { system: transcript.system, tools: transcript.tools, provider: transcript.settings.provider };
  const own: RunRecord = {
    ...base,
    runId: transcript.runId,
    name: transcript.branch?.name,
    parentRunId: transcript.branch?.parentRunId ?? null,
    forkRound: transcript.branch?.forkRound ?? null,
    messages: transcript.messages,
    rounds: transcript.rounds,
    finishReason: transcript.finishReason,
    usage: transcript.usage,
    error: transcript.error,
    limits: transcript.limits ?? [],
    model: transcript.settings.model,
    startedAt,
  };
  const branches = (transcript.branches ?? []).map((branch): RunRecord => ({
    ...base,
    ...branch,
    limits: [],
    model: branch.rounds[0]?.request.model ?? transcript.settings.model,
    startedAt: branch.rounds[0]?.response?.timing.startedAt ?? startedAt,
  }));
  return [own, ...branches];
}

function roundStart(round: TranscriptRound, fallback: number): number {
  return round.response?.timing.startedAt ?? fallback;
}

/** The round numbers of each run in one export, so a fork's link can name a round its parent has. */
type RoundsByRun = ReadonlyMap<string, readonly number[]>;

function runSpans(run: RunRecord, options: OtlpExportOptions, roundsByRun: RoundsByRun): OtlpSpan[] {
  const traceId = traceIdOf(run.runId);
  const agentSpanId = spanIdOf(run.runId, 'agent');
  const spans: OtlpSpan[] = [];
  let clock = run.startedAt;
  let tools = run.tools;
  const lastRound = run.rounds.at(-1)?.round;
  for (const round of run.rounds) {
    tools = round.toolsUpdate?.tools ?? tools;
    const startedAt = roundStart(round, clock);
    const failedHere = round.response === null && round.round === lastRound ? run.error?.message : undefined;
    spans.push(
      chatSpan({
        runId: run.runId,
        traceId,
        parentSpanId: agentSpanId,
        round,
        startedAt,
        messages: run.messages,
        tools,
        content: options.content,
        error: failedHere,
      }),
    );
    clock = Math.max(clock, round.response?.timing.endedAt ?? startedAt);
    for (const call of round.toolCalls) {
      spans.push(
        toolSpan({
          runId: run.runId,
          traceId,
          parentSpanId: agentSpanId,
          call,
          content: options.content,
          mcp: options.mcpCallOf?.(run.runId, call.id),
        }),
      );
      clock = Math.max(clock, call.timing.endedAt);
    }
  }
  const origin = options.originOf?.(run.runId);
  const agent: OtlpSpan = {
    traceId,
    spanId: agentSpanId,
    name: 'invoke_agent Loupe',
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: toUnixNano(Math.min(run.startedAt, ...run.rounds.map((round) => roundStart(round, clock)))),
    endTimeUnixNano: toUnixNano(clock),
    attributes: toAttributes({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'Loupe',
      'gen_ai.provider.name': providerNameOf(run.provider),
      'gen_ai.request.model': run.model,
      'gen_ai.conversation.id': run.runId,
      'gen_ai.usage.input_tokens': run.usage.inputTokens,
      'gen_ai.usage.output_tokens': run.usage.outputTokens,
      'gen_ai.usage.cache_read.input_tokens': run.usage.cacheReadInputTokens,
      'gen_ai.usage.cache_creation.input_tokens': run.usage.cacheCreationInputTokens,
      'loupe.run.id': run.runId,
      'loupe.run.finish_reason': run.finishReason ?? undefined,
      'loupe.branch.name': run.name,
      'loupe.fork.parent_run_id': run.parentRunId ?? undefined,
      'loupe.fork.round': run.forkRound ?? undefined,
      'error.type': run.error !== undefined ? (run.error.errorType ?? 'loupe.run_error') : undefined,
      'loupe.replay.source_run_id': origin?.sourceRunId,
      'gen_ai.system_instructions':
        options.content && run.system !== undefined
          ? JSON.stringify([{ type: 'text', content: run.system }])
          : undefined,
    }).concat(options.agentAttributesOf?.(run.runId) ?? []),
    events: run.limits.map(limitSpanEvent),
    links: runLinks({
      parentRunId: run.parentRunId,
      forkRound: run.forkRound,
      origin,
      parentRounds: run.parentRunId === null ? undefined : roundsByRun.get(run.parentRunId),
    }),
    status: run.error !== undefined ? { code: STATUS_ERROR, message: run.error.message } : { code: STATUS_UNSET },
  };
  return [agent, ...spans];
}

/**
 * The transcripts as one OTLP/JSON `ExportTraceServiceRequest`: a trace per run (branches included, each once),
 * forks linked to the round of the run they came from. Pure: the same transcripts give the same file.
 */
export function transcriptsToOtlp(transcripts: readonly Transcript[], options: OtlpExportOptions): OtlpTraceRequest {
  const seen = new Set<string>();
  const runs = transcripts.flatMap(runsOf).filter((run) => !seen.has(run.runId) && seen.add(run.runId));
  const roundsByRun = new Map(runs.map((run) => [run.runId, run.rounds.map((round) => round.round)]));
  const spans = runs
    .filter((run) => options.onlyRunIds?.has(run.runId) ?? true)
    .flatMap((run) => runSpans(run, options, roundsByRun));
  return {
    resourceSpans: [
      {
        resource: {
          attributes: toAttributes({ 'service.name': 'loupe', 'service.version': options.appVersion }),
        },
        scopeSpans: [{ scope: { name: 'loupe', version: options.appVersion }, spans }],
      },
    ],
  };
}
