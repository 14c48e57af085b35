// Pure: folds one engine event into the run view. No I/O, no clock, no mutation of its inputs.
import type { FinishReason, RunEvent } from '../engine/event/run-event';
import type { ContentBlock, Message, ToolUseBlock } from '../engine/message/message';
import type { Usage } from '../engine/model/model';
import { applyDebugEvent } from './apply-debug-event';
import { applyAppCallEvent } from './apply-app-call-event';
import { applyPolicyEvent } from './apply-policy-event';
import { EMPTY_USAGE } from './run-view';
import { updateCall, updateRound } from './update-run-view';
import type { AssistantBlockView, RoundView, RunView, ToolCallView } from './run-view';

function addUsage(a: Usage, b: Usage): Usage {
  const total: Usage = {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
  };
  if (a.serverToolRequests === undefined && b.serverToolRequests === undefined) return total;
  const requests: Record<string, number> = { ...a.serverToolRequests };
  for (const [key, count] of Object.entries(b.serverToolRequests ?? {})) requests[key] = (requests[key] ?? 0) + count;
  return { ...total, serverToolRequests: requests };
}

function appendText(blocks: AssistantBlockView[], index: number, text: string): AssistantBlockView[] {
  const position = blocks.findIndex((block) => block.index === index);
  const current = blocks[position];
  if (current === undefined) return [...blocks, { kind: 'text', index, text }];
  if (current.kind !== 'text' && current.kind !== 'thinking') return blocks;
  const next = blocks.slice();
  next[position] = { ...current, text: current.text + text };
  return next;
}

function appendThinking(blocks: AssistantBlockView[], index: number, text: string): AssistantBlockView[] {
  const position = blocks.findIndex((block) => block.index === index);
  const current = blocks[position];
  if (current === undefined) return [...blocks, { kind: 'thinking', index, text }];
  if (current.kind !== 'thinking') return blocks;
  const next = blocks.slice();
  next[position] = { ...current, text: current.text + text };
  return next;
}

function blocksFromMessage(content: ContentBlock[]): AssistantBlockView[] {
  const blocks: AssistantBlockView[] = [];
  content.forEach((block, index) => {
    if (block.type === 'text')
      blocks.push(
        block.citations === undefined
          ? { kind: 'text', index, text: block.text }
          : { kind: 'text', index, text: block.text, citations: block.citations },
      );
    else if (block.type === 'api_block') blocks.push({ kind: 'api', index, block: block.block });
    else if (block.type === 'thinking') blocks.push({ kind: 'thinking', index, text: block.thinking });
    else if (block.type === 'redacted_thinking')
      blocks.push({ kind: 'redacted_thinking', index, characters: block.data.length });
    else if (block.type === 'tool_use') blocks.push({ kind: 'tool_use', index, callId: block.id, name: block.name });
  });
  return blocks;
}

/** `call` with the code-execution call that made it, when code in the API's sandbox did. */
function withCaller(call: ToolCallView, use: ToolUseBlock): ToolCallView {
  const callerId = use.caller?.tool_id;
  return typeof callerId === 'string' ? { ...call, callerId } : call;
}

/** The reply as committed: final text, final tool inputs; calls it no longer holds were cut mid-stream. */
function settleResponse(view: RoundView, content: ContentBlock[]): RoundView {
  const uses = new Map<string, ToolUseBlock>();
  for (const block of content) if (block.type === 'tool_use') uses.set(block.id, block);
  const toolCalls = view.toolCalls.map((call): ToolCallView => {
    const use = uses.get(call.callId);
    if (use !== undefined) return withCaller({ ...call, input: use.input }, use);
    return call.status === 'pending' ? { ...call, status: 'dropped' } : call;
  });
  for (const block of content) {
    if (block.type === 'tool_use' && !toolCalls.some((call) => call.callId === block.id)) {
      toolCalls.push(
        withCaller(
          {
            callId: block.id,
            name: block.name,
            status: 'pending',
            partialJson: '',
            input: block.input,
            isError: false,
            content: [],
          },
          block,
        ),
      );
    }
  }
  return { ...view, blocks: blocksFromMessage(content), toolCalls };
}

/** Calls left open when the run ends are closed the way the engine closes them (ENGINE-SPEC §23). */
function closeOpenCalls(round: RoundView): RoundView {
  const open = (status: ToolCallView['status']): boolean =>
    status === 'pending' || status === 'queued' || status === 'running';
  if (!round.toolCalls.some((call) => open(call.status))) return round;
  const toolCalls = round.toolCalls.map((call): ToolCallView => {
    if (call.status === 'running') return { ...call, status: 'cancelled', isError: true };
    if (call.status === 'pending' || call.status === 'queued')
      return { ...call, status: 'not-executed', isError: true };
    return call;
  });
  return { ...round, toolCalls };
}

/** A round the run ended under before its reply was complete records how the run ended (the card says so). */
export function settleUnfinishedRound(round: RoundView, finishReason: FinishReason): RoundView {
  const unfinished = round.stopReason === undefined || round.interrupted;
  return unfinished && round.endedWith === undefined ? { ...round, endedWith: finishReason } : round;
}

/** The text of the run's new user message (the last one), if it has any. */
function promptOf(messages: readonly Message[]): string | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'user') return undefined;
  const text = last.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');
  return text === '' ? undefined : text;
}

/** Folds `event` into `state`, returning a new view (unchanged parts are shared). */
export function applyRunEvent(state: RunView, event: RunEvent): RunView {
  switch (event.type) {
    case 'run-start': {
      const next: RunView = {
        runId: event.runId,
        phase: 'running',
        startedAt: event.at,
        toolNames: event.tools.map((tool) => tool.name),
        maxRounds: event.maxRounds,
        rounds: [],
        finishReason: null,
        usage: EMPTY_USAGE,
        ...(event.price === undefined ? {} : { price: event.price }),
      };
      const prompt = promptOf(event.messages);
      if (prompt !== undefined) next.prompt = prompt;
      return event.system === undefined ? next : { ...next, system: event.system };
    }
    case 'round-start':
      return updateRound(state, event.round, (view) => ({
        ...view,
        startedAt: event.at,
        request: event.request,
        model: event.request.model,
      }));
    case 'request-sent':
      return updateRound(state, event.round, (view) => ({ ...view, sent: event.request }));
    case 'response-start':
      return updateRound(state, event.round, (view) => {
        const next = { ...view };
        if (event.model !== undefined) next.model = event.model;
        if (event.responseId !== undefined) next.responseId = event.responseId;
        return next;
      });
    case 'text-delta':
      return updateRound(state, event.round, (view) => ({
        ...view,
        blocks: appendText(view.blocks, event.index, event.text),
      }));
    case 'thinking-delta':
      return updateRound(state, event.round, (view) => ({
        ...view,
        blocks: appendThinking(view.blocks, event.index, event.thinking),
      }));
    case 'notice':
      return updateRound(state, event.round, (view) => ({
        ...view,
        notices: [...(view.notices ?? []), event.message],
      }));
    case 'tool-input-start':
      return updateRound(state, event.round, (view) => {
        const withCall = updateCall(view, event.callId, event.name, (call) => call);
        const block: AssistantBlockView = {
          kind: 'tool_use',
          index: event.index,
          callId: event.callId,
          name: event.name,
        };
        return { ...withCall, blocks: [...view.blocks.filter((b) => b.index !== event.index), block] };
      });
    case 'tool-input-delta':
      return updateRound(state, event.round, (view) =>
        updateCall(view, event.callId, '', (call) => ({ ...call, partialJson: call.partialJson + event.partialJson })),
      );
    case 'response-end':
      return {
        ...updateRound(state, event.round, (view) => ({
          ...settleResponse(view, event.message.content),
          stopReason: event.stopReason,
          usage: event.usage,
          responseTiming: event.timing,
          interrupted: event.interrupted === true,
          ...(event.contextManagement === undefined ? {} : { contextManagement: event.contextManagement }),
          ...(event.container === undefined ? {} : { container: event.container }),
        })),
        usage: addUsage(state.usage, event.usage),
      };
    case 'tool-call-start':
      return updateRound(state, event.round, (view) =>
        updateCall(view, event.callId, event.name, (call) => ({
          ...call,
          name: event.name,
          status: 'running',
          input: event.input,
          queuedAt: event.queuedAt,
          startedAt: event.at,
          ...(event.eager === true ? { eager: true } : {}),
          ...(event.repaired === true ? { repaired: true } : {}),
          ...(event.timeout === undefined ? {} : { timeout: event.timeout }),
        })),
      );
    case 'tool-call-end':
      return updateRound(state, event.round, (view) =>
        updateCall(view, event.callId, event.name, (call) => {
          const next: ToolCallView = {
            ...call,
            name: event.name,
            status: event.status,
            isError: event.isError,
            content: event.content,
            queuedAt: event.timing.queuedAt,
            endedAt: event.timing.endedAt,
            durationMs: event.timing.endedAt - (event.timing.startedAt ?? event.timing.queuedAt),
          };
          if (event.timing.startedAt !== undefined) next.startedAt = event.timing.startedAt;
          if (event.retryable !== undefined) next.retryable = event.retryable;
          if (event.fullContent !== undefined) next.fullContent = event.fullContent;
          if (event.timeout !== undefined) next.timedOut = event.timeout;
          if (event.structuredContent !== undefined) next.structuredContent = event.structuredContent;
          return next;
        }),
      );
    case 'tool-results-commit':
      return state;
    case 'pause-start':
    case 'pause-end':
    case 'edit-apply':
      return applyDebugEvent(state, event);
    case 'round-end':
      return updateRound(state, event.round, (view) => ({ ...view, endedAt: event.at }));
    case 'limit-reached':
      return {
        ...state,
        limit: {
          kind: event.limit,
          value: event.value,
          ...(event.behaviour === undefined ? {} : { behaviour: event.behaviour }),
          ...(event.detail === undefined ? {} : { detail: event.detail }),
        },
      };
    case 'tool-call-queued':
    case 'tool-call-progress':
    case 'tool-call-log':
    case 'policy-act':
    case 'tools-update':
      return applyPolicyEvent(state, event);
    // Shown through its policy-act; the event itself feeds the transcript and the sent history.
    case 'history-compact':
      return state;
    case 'app-call-start':
    case 'app-call-progress':
    case 'app-call-log':
    case 'app-call-end':
      return applyAppCallEvent(state, event);
    case 'run-end': {
      const next: RunView = {
        ...state,
        phase: 'ended',
        endedAt: event.at,
        finishReason: event.finishReason,
        usage: event.usage,
        rounds: state.rounds.map((round) => settleUnfinishedRound(closeOpenCalls(round), event.finishReason)),
      };
      if (event.error !== undefined) next.error = event.error;
      return next;
    }
  }
}
