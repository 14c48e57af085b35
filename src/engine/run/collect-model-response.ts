// Pure: streams one model call into events and an assistant message. Clock comes from the caller.
import type { RunErrorInfo, RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import { ModelError } from '../model/model';
import type { Model, ModelRequest, ModelStreamPart, StopReason, Usage } from '../model/model';
import type { SentRequest } from '../model/sent-request';
import { assembleAssistantMessage, planToolCall } from './assemble-assistant-message';
import type { AssemblyMode, PlannedToolCall, StreamedBlock } from './assemble-assistant-message';
import { guardRequestMedia } from '../message/guard-request-media';
import { readStream, type StreamIdleTimeout } from './read-stream';
import { createEmptyUsage, mergeStreamUsage } from './sum-usage';
import { createHistoryCompactor } from '../../shared/compact-request-history';
import type { RecordedRequest } from '../model/sent-request';
import type { AbortSource } from './cancel-scope';
import { createModelCallSignals, type ModelCallSignals } from './model-call-signal';

// One recorder per run: `runToolLoop` makes one `emit` per run and passes it to every model call of the run
// (the loop's rounds and the at-limit request), so the emit function identifies the run without new plumbing.
const compactors = new WeakMap<(event: RunEvent) => void, ReturnType<typeof createHistoryCompactor>>();

/** `sent` as the run's log keeps it: its messages as a delta on the run's previous request. */
function recordFor(emit: (event: RunEvent) => void, sent: SentRequest): RecordedRequest {
  let compact = compactors.get(emit);
  if (!compact) {
    compact = createHistoryCompactor();
    compactors.set(emit, compact);
  }
  return { ...sent, ...compact(sent.body) };
}

/** Inputs of `collectModelResponse`. */
export interface CollectModelResponseOptions {
  model: Model;
  request: ModelRequest;
  round: number;
  /** The run's cancel (an `AbortSignal` or the engine's lighter `AbortSource`). */
  signal: AbortSource;
  now: () => number;
  emit: (event: RunEvent) => void;
  /**
   * The conversation the reply joins, when it is not `request.messages` (a fallback brief is a fresh
   * request): tool_use ids already in it are not reused. Default: `request.messages`.
   */
  history?: readonly Message[];
  /**
   * Whether a tool_use id is in the conversation already, for a caller that keeps the answer at hand (the
   * loop's incremental history); default: `history` (or `request.messages`) is searched — both, when both
   * are given.
   */
  hasToolUse?: (id: string) => boolean;
  /** The caller knows `request.messages` hold no image or document: the media guard has nothing to do. */
  mediaFree?: boolean;
  /** Called when a tool_use block has finished streaming, before the reply ends (eager start, rule 11). */
  onToolCallReady?: (ready: ReadyToolCall) => void;
  /** No stream part for this long → the call fails with a plain message and the request is aborted. */
  idle?: StreamIdleTimeout;
  /** The run's model-call signals (one kept from call to call); default: a signal made for this call alone. */
  signals?: ModelCallSignals;
}

/**
 * A tool_use block that has finished streaming: its id and name, and its input parsed only when asked (most
 * calls are not started early, so most never need it before the reply is assembled).
 */
export interface ReadyToolCall {
  callId: string;
  name: string;
  plan(): PlannedToolCall;
}

const readyMode: AssemblyMode = { kind: 'complete', stopReason: null };
// What the media guard finds in a request the caller knows holds no media: nothing (read, never changed).
const NO_MEDIA: { messages: Message[]; notes: string[] } = { messages: [], notes: [] };

/**
 * How the call ended. `message` is what was committed with `response-end` (null when no
 * `response-end` was emitted); `toolCalls` are the committed tool_use blocks, in the model's order.
 */
export type ModelResponse =
  | { kind: 'complete'; message: Message; stopReason: StopReason | null; usage: Usage; toolCalls: PlannedToolCall[] }
  | { kind: 'cancelled'; message: Message | null; usage: Usage; toolCalls: PlannedToolCall[] }
  | { kind: 'failed'; message: Message | null; usage: Usage; error: RunErrorInfo };

/**
 * Calls `model.doStream` and turns its parts into `response-start` (on the first part), `text-delta`,
 * `tool-input-start`, `tool-input-delta` and one `response-end`. Never throws: a cancel (seen through
 * `signal`) or a model failure comes back as a result, with the half-streamed reply trimmed as
 * ENGINE-SPEC rule 23 says.
 */
export async function collectModelResponse(options: CollectModelResponseOptions): Promise<ModelResponse> {
  const { round, now, emit } = options;
  const blocks = new Map<number, StreamedBlock>();
  const startedAt = now();
  let firstTokenAt: number | undefined;
  let started = false;
  let usageAtStart: Usage | undefined;
  let end: Extract<ModelStreamPart, { type: 'response-end' }> | undefined;
  // Some servers (local OpenAI-compatible ones) reuse call ids like `call_0` across turns; a second
  // tool_use with an id already in the history would break the history invariant (rule 4), so it gets
  // a fresh one before any event names it.
  // `hasToolUse` (the run's full history) and `history` (an edited one, as sent) both count when both are given.
  const known = options.hasToolUse;
  const searched =
    known === undefined || options.history !== undefined
      ? historyIds(options.history ?? options.request.messages)
      : undefined;
  const inHistory = (id: string): boolean => (known?.(id) ?? false) || (searched?.(id) ?? false);
  const takenIds = new Set<string>();
  const taken = (id: string): boolean => takenIds.has(id) || inHistory(id);
  const uniqueId = (id: string): string => {
    let fresh = id;
    for (let suffix = 2; taken(fresh); suffix += 1) fresh = `${id}_${suffix}`;
    takenIds.add(fresh);
    return fresh;
  };

  let pendingSent: SentRequest | undefined;
  const flushSent = (answeredBy?: string): void => {
    if (pendingSent === undefined) return;
    let request = pendingSent;
    pendingSent = undefined;
    if (request.response && answeredBy !== undefined && request.response.model === undefined)
      request = { ...request, response: { ...request.response, model: answeredBy } };
    emit({ type: 'request-sent', at: now(), round, request: recordFor(emit, request) });
  };
  const markToken = (): void => {
    firstTokenAt ??= now();
  };
  const accept = (part: ModelStreamPart): void => {
    // Read once: parts come in a dozen shapes, so each read of `part.type` is a megamorphic load (three a part).
    const type = part.type;
    // The request record is not part of the reply: it must not open it. It waits for the reply's first part,
    // so the model that answered (response-start) goes into its response metadata.
    if (type === 'request-sent') {
      flushSent();
      pendingSent = part.request;
      return;
    }
    flushSent(type === 'response-start' ? part.model : undefined);
    if (!started) {
      started = true;
      // Optional fields set when present (in this order) rather than spread from literals: once per reply.
      const event: Extract<RunEvent, { type: 'response-start' }> = { type: 'response-start', at: now(), round };
      if (type === 'response-start' && part.id !== undefined) event.responseId = part.id;
      if (type === 'response-start' && part.model !== undefined) event.model = part.model;
      emit(event);
    }
    switch (type) {
      case 'response-start':
        usageAtStart = part.usage;
        return;
      case 'text-start':
        blocks.set(part.index, { kind: 'text', text: '', ended: false });
        return;
      case 'text-delta': {
        markToken();
        const block = blocks.get(part.index);
        if (block?.kind === 'text') block.text += part.text;
        else blocks.set(part.index, { kind: 'text', text: part.text, ended: false });
        emit({ type: 'text-delta', round, index: part.index, text: part.text });
        return;
      }
      case 'thinking-start':
        blocks.set(part.index, { kind: 'thinking', thinking: '', signature: '', ended: false });
        return;
      case 'thinking-delta':
      case 'signature-delta': {
        markToken();
        const block = blocks.get(part.index);
        if (block?.kind !== 'thinking') return;
        if (type === 'thinking-delta') {
          block.thinking += part.thinking;
          emit({ type: 'thinking-delta', round, index: part.index, thinking: part.thinking });
        } else block.signature += part.signature;
        return;
      }
      case 'redacted-thinking':
        markToken();
        blocks.set(part.index, { kind: 'redacted_thinking', data: part.data, ended: false });
        return;
      case 'notice':
        emit({ type: 'notice', at: now(), round, message: part.message });
        return;
      case 'api-block':
        markToken();
        blocks.set(part.index, { kind: 'api', block: part.block, ended: false });
        return;
      case 'citation': {
        const block = blocks.get(part.index);
        if (block?.kind !== 'text') return;
        (block.citations ??= []).push(part.citation);
        return;
      }
      case 'tool-use-start': {
        const id = uniqueId(part.id);
        const streamed: StreamedBlock = { kind: 'tool_use', id, name: part.name, json: '', ended: false };
        if (part.caller !== undefined) streamed.caller = part.caller;
        blocks.set(part.index, streamed);
        emit({ type: 'tool-input-start', round, index: part.index, callId: id, name: part.name });
        return;
      }
      case 'tool-input-delta': {
        markToken();
        const block = blocks.get(part.index);
        if (block?.kind !== 'tool_use') return;
        block.json += part.partialJson;
        emit({ type: 'tool-input-delta', round, index: part.index, callId: block.id, partialJson: part.partialJson });
        return;
      }
      case 'block-end': {
        const block = blocks.get(part.index);
        if (block) block.ended = true;
        if (block?.kind === 'tool_use' && options.onToolCallReady !== undefined) {
          const { id, name } = block;
          options.onToolCallReady({ callId: id, name, plan: () => planToolCall(block, readyMode) });
        }
        return;
      }
      case 'response-end':
        end = part;
        return;
    }
  };

  const commit = (mode: AssemblyMode, stopReason: StopReason | null, usage: Usage) => {
    const { content, toolCalls } = assembleAssistantMessage(blocks, mode);
    const message: Message = { role: 'assistant', content };
    const endedAt = now();
    const timing = firstTokenAt === undefined ? { startedAt, endedAt } : { startedAt, firstTokenAt, endedAt };
    const event: Extract<RunEvent, { type: 'response-end' }> = {
      type: 'response-end',
      at: endedAt,
      round,
      message,
      stopReason,
      usage,
      timing,
    };
    if (mode.kind !== 'complete') event.interrupted = true;
    if (end?.contextManagement !== undefined) event.contextManagement = end.contextManagement;
    if (end?.container !== undefined) event.container = end.container;
    emit(event);
    return { message, toolCalls };
  };

  // Its own signal, so a silent stream's request is aborted without the abort reading as a cancel.
  const stream = (options.signals ?? createModelCallSignals()).begin(options.signal);
  // A bad or oversized image in the history would make every request fail: it goes as a note instead.
  const media = options.mediaFree === true ? NO_MEDIA : guardRequestMedia(options.request.messages);
  const request = media.notes.length === 0 ? options.request : { ...options.request, messages: media.messages };
  if (media.notes.length > 0) emit({ type: 'notice', at: now(), round, message: media.notes.join(' ') });
  try {
    await readStream(options.model.doStream(request, stream.signal), options.signal, accept, options.idle);
    flushSent();
  } catch (error) {
    flushSent();
    if (!stream.signal.aborted) stream.abort('idle');
    const usage = mergeStreamUsage(usageAtStart, undefined);
    if (options.signal.aborted) {
      if (!started) return { kind: 'cancelled', message: null, usage, toolCalls: [] };
      return { kind: 'cancelled', usage, ...commit({ kind: 'cancelled' }, null, usage) };
    }
    const hasText = [...blocks.values()].some((block) => block.kind === 'text' && block.text.length > 0);
    const message = hasText ? commit({ kind: 'failed' }, null, usage).message : null;
    return { kind: 'failed', message, usage, error: describeError(error) };
  } finally {
    stream.end();
  }
  if (options.signal.aborted && end === undefined) {
    const usage = mergeStreamUsage(usageAtStart, undefined);
    return { kind: 'cancelled', usage, ...commit({ kind: 'cancelled' }, null, usage) };
  }
  const stopReason = end?.stopReason ?? null;
  const usage =
    end === undefined && usageAtStart === undefined ? createEmptyUsage() : mergeStreamUsage(usageAtStart, end?.usage);
  if (!started) emit({ type: 'response-start', at: now(), round });
  return { kind: 'complete', stopReason, usage, ...commit({ kind: 'complete', stopReason }, stopReason, usage) };
}

function historyIds(messages: readonly Message[]): (id: string) => boolean {
  const ids = new Set(
    messages.flatMap((message) => message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []))),
  );
  return (id) => ids.has(id);
}

/** A model failure in plain words, keeping the HTTP status and API error type when known. */
export function describeError(error: unknown): RunErrorInfo {
  if (error instanceof ModelError) {
    return {
      message: error.message,
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(error.errorType === undefined ? {} : { errorType: error.errorType }),
    };
  }
  if (error instanceof Error) return { message: error.message || error.name };
  return { message: String(error) };
}
