// The run-event wire codec both sides share (the worker writes, the client reads). Pure: no I/O, no timers.
// It leaves out only what the reader rebuilds exactly: the writer compares its own rebuild with the event and
// keeps the field whole when they differ, so decode(encode(events)) equals the events by construction.
import type { RunEvent } from '../engine/event/run-event';
import type { ContentBlock, Message, ToolResultContentBlock } from '../engine/message/message';
import {
  isCallResultRef,
  isStreamedBlockRef,
  type RunEventsMessage,
  type WireMessage,
  type WireRunEvent,
} from './run-events-message';

type Streamed =
  { kind: 'text'; text: string } | { kind: 'thinking' } | { kind: 'tool'; id: string; name: string; json: string };

interface RoundMemory {
  /** Blocks of the reply by stream index, as their deltas built them. */
  streamed: Map<number, Streamed>;
  /** Stream index of each call's tool_use block. */
  callIndex: Map<string, number>;
  /** Each ended call's result content. */
  results: Map<string, ToolResultContentBlock[]>;
}

/** What one side knows of a run's earlier events: the current round's deltas and the last request body. */
export interface RunMemory {
  rounds: Map<number, RoundMemory>;
  lastBody?: Record<string, unknown>;
}

export function createRunMemory(): RunMemory {
  return { rounds: new Map() };
}

function roundOf(memory: RunMemory, round: number): RoundMemory {
  let found = memory.rounds.get(round);
  if (found === undefined) {
    found = { streamed: new Map(), callIndex: new Map(), results: new Map() };
    memory.rounds.set(round, found);
  }
  return found;
}

/** Takes in a whole event (after writing it, or after reading it). */
function remember(memory: RunMemory, event: RunEvent): void {
  switch (event.type) {
    case 'round-start':
      // Rounds go one after another: what an earlier round streamed is never referred to again.
      for (const round of memory.rounds.keys()) if (round < event.round) memory.rounds.delete(round);
      return;
    case 'text-delta': {
      const { streamed } = roundOf(memory, event.round);
      const block = streamed.get(event.index);
      if (block?.kind === 'text') block.text += event.text;
      else streamed.set(event.index, { kind: 'text', text: event.text });
      return;
    }
    case 'thinking-delta':
      roundOf(memory, event.round).streamed.set(event.index, { kind: 'thinking' });
      return;
    case 'tool-input-start': {
      const round = roundOf(memory, event.round);
      round.streamed.set(event.index, { kind: 'tool', id: event.callId, name: event.name, json: '' });
      round.callIndex.set(event.callId, event.index);
      return;
    }
    case 'tool-input-delta': {
      const block = roundOf(memory, event.round).streamed.get(event.index);
      if (block?.kind === 'tool' && block.id === event.callId) block.json += event.partialJson;
      return;
    }
    case 'tool-call-end':
      roundOf(memory, event.round).results.set(event.callId, event.content);
      return;
    case 'request-sent':
      memory.lastBody = event.request.body;
      return;
    default:
      return;
  }
}

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

function parsedInput(block: Streamed | undefined): Record<string, unknown> | undefined {
  if (block?.kind !== 'tool') return undefined;
  try {
    const input: unknown = JSON.parse(block.json);
    return typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function rebuildBlock(block: Streamed | undefined): ContentBlock | undefined {
  if (block?.kind === 'text') return { type: 'text', text: block.text };
  const input = parsedInput(block);
  if (block?.kind === 'tool' && input !== undefined) return { type: 'tool_use', id: block.id, name: block.name, input };
  return undefined;
}

function encodeReply(round: RoundMemory, message: Message): WireMessage {
  const indexes = [...round.streamed.keys()].sort((left, right) => left - right);
  let next = 0;
  const content = message.content.map((block) => {
    const text = JSON.stringify(block);
    for (let at = next; at < indexes.length; at += 1) {
      const index = indexes[at]!;
      const rebuilt = rebuildBlock(round.streamed.get(index));
      if (rebuilt !== undefined && JSON.stringify(rebuilt) === text) {
        next = at + 1;
        return { $streamed: index };
      }
    }
    return block;
  });
  return { role: message.role, content };
}

function encodeResults(round: RoundMemory, message: Message): WireMessage {
  const content = message.content.map((block) => {
    if (block.type !== 'tool_result') return block;
    const result = round.results.get(block.tool_use_id);
    const rebuilt = { type: 'tool_result', tool_use_id: block.tool_use_id, content: result };
    return result !== undefined && same(rebuilt, block) ? { $result: block.tool_use_id } : block;
  });
  return { role: message.role, content };
}

/** The wire form of `event` (call before `remember`). */
function encodeEvent(memory: RunMemory, event: RunEvent): WireRunEvent {
  switch (event.type) {
    case 'response-end':
      return { ...event, message: encodeReply(roundOf(memory, event.round), event.message) };
    case 'tool-results-commit':
      return { ...event, message: encodeResults(roundOf(memory, event.round), event.message) };
    case 'tool-call-start': {
      const round = roundOf(memory, event.round);
      const streamed = parsedInput(round.streamed.get(round.callIndex.get(event.callId) ?? -1));
      if (streamed === undefined || !same(streamed, event.input)) return event;
      const { input: _input, ...rest } = event;
      return rest;
    }
    case 'request-sent': {
      const previous = memory.lastBody;
      if (previous === undefined) return event;
      const repeated: string[] = [];
      // fromEntries makes own fields even of a "__proto__" key (an imported file's body may have one).
      const body = Object.fromEntries(
        Object.entries(event.request.body).map(([key, value]) => {
          const repeats = Object.hasOwn(previous, key) && same(previous[key], value);
          if (repeats) repeated.push(key);
          return [key, repeats ? 0 : value];
        }),
      );
      return repeated.length === 0 ? event : { ...event, request: { ...event.request, body, $same: repeated } };
    }
    default:
      return event;
  }
}

function decodeMessage(round: RoundMemory, message: WireMessage): Message {
  const content = message.content.map((block): ContentBlock => {
    if (isStreamedBlockRef(block)) {
      const rebuilt = rebuildBlock(round.streamed.get(block.$streamed));
      if (rebuilt === undefined) throw new Error(`No streamed block ${block.$streamed} to refer to.`);
      return rebuilt;
    }
    if (isCallResultRef(block)) {
      const result = round.results.get(block.$result);
      if (result === undefined) throw new Error(`No result of call ${block.$result} to refer to.`);
      return { type: 'tool_result', tool_use_id: block.$result, content: result };
    }
    return block;
  });
  return { role: message.role, content };
}

/** The whole event `wire` stands for (call before `remember`). Throws when it refers to what was never sent. */
function decodeEvent(memory: RunMemory, wire: WireRunEvent): RunEvent {
  switch (wire.type) {
    case 'response-end':
    case 'tool-results-commit':
      return { ...wire, message: decodeMessage(roundOf(memory, wire.round), wire.message) };
    case 'tool-call-start': {
      if (wire.input !== undefined) return { ...wire, input: wire.input };
      const round = roundOf(memory, wire.round);
      const input = parsedInput(round.streamed.get(round.callIndex.get(wire.callId) ?? -1));
      if (input === undefined) throw new Error(`No streamed input of call ${wire.callId}.`);
      return { ...wire, input };
    }
    case 'request-sent': {
      const { $same, ...request } = wire.request;
      if ($same === undefined) return { ...wire, request };
      const previous = memory.lastBody;
      if (previous === undefined) throw new Error('No earlier request to repeat.');
      const repeats = new Set($same);
      const body = Object.fromEntries(
        Object.entries(request.body).map(([key, value]) => [key, repeats.has(key) ? previous[key] : value]),
      );
      return { ...wire, request: { ...request, body } };
    }
    default:
      return wire;
  }
}

/** Joins each delta into the one before it when both extend the same block. */
function joinDeltas(events: WireRunEvent[]): WireRunEvent[] {
  const joined: WireRunEvent[] = [];
  for (const event of events) {
    const last = joined.at(-1);
    if (last?.type === event.type && 'index' in last && 'index' in event && last.round === event.round) {
      if (last.type === 'text-delta' && event.type === 'text-delta' && last.index === event.index) {
        joined[joined.length - 1] = { ...last, text: last.text + event.text };
        continue;
      }
      if (last.type === 'thinking-delta' && event.type === 'thinking-delta' && last.index === event.index) {
        joined[joined.length - 1] = { ...last, thinking: last.thinking + event.thinking };
        continue;
      }
      if (
        last.type === 'tool-input-delta' &&
        event.type === 'tool-input-delta' &&
        last.index === event.index &&
        last.callId === event.callId
      ) {
        joined[joined.length - 1] = { ...last, partialJson: last.partialJson + event.partialJson };
        continue;
      }
    }
    joined.push(event);
  }
  return joined;
}

/** Encodes one run's events in order, updating `memory` (the writer's own for that run). */
export function encodeRunEvents(memory: RunMemory, events: readonly RunEvent[]): WireRunEvent[] {
  const wire = events.map((event) => {
    const encoded = encodeEvent(memory, event);
    remember(memory, event);
    return encoded;
  });
  return joinDeltas(wire);
}

/** Decodes one run's wire events in order, updating `memory` (the reader's own for that run). */
export function decodeRunEvents(memory: RunMemory, events: readonly WireRunEvent[]): RunEvent[] {
  return events.map((wire) => {
    const event = decodeEvent(memory, wire);
    remember(memory, event);
    return event;
  });
}

/**
 * The reader's side: one memory per run, reset by a `fresh` message and dropped at `run-end`. Returns the
 * message's events whole.
 */
export function createRunEventsReader(): (message: RunEventsMessage) => RunEvent[] {
  const memories = new Map<string, RunMemory>();
  return (message) => {
    let memory = message.fresh ? undefined : memories.get(message.runId);
    if (memory === undefined) {
      memory = createRunMemory();
      memories.set(message.runId, memory);
    }
    const events = decodeRunEvents(memory, message.events);
    if (events.some((event) => event.type === 'run-end')) memories.delete(message.runId);
    return events;
  };
}
