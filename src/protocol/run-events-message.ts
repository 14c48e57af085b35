// The wire form of run events between the worker and the UI: many events in one message, without what the
// events before them already carried. Types and guards only; the codec is `run-event-codec.ts`.
import type { RunEvent } from '../engine/event/run-event';
import type { ContentBlock, Message } from '../engine/message/message';
import type { RecordedRequest } from '../engine/model/sent-request';

/** In a wire `response-end` message: the block that streamed at `index` of this round, as its deltas built it. */
export interface StreamedBlockRef {
  $streamed: number;
}

/** In a wire `tool-results-commit` message: the `tool_result` of this call, holding its `tool-call-end` content. */
export interface CallResultRef {
  $result: string;
}

/** A message whose blocks may be references to what earlier events of the round carried. */
export interface WireMessage {
  role: Message['role'];
  content: (ContentBlock | StreamedBlockRef | CallResultRef)[];
}

type Event<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>;

/**
 * A run event as it crosses the wire. Four kinds may leave out what is known already: `response-end` and
 * `tool-results-commit` refer to blocks by `$streamed` / `$result`; a `tool-call-start` without `input` had
 * the input its streamed JSON parses to; a `request-sent` lists in `$same` the body fields that repeat the
 * previous request of the run (their values on the wire are `0`, so the body keeps its key order).
 * Consecutive deltas of one block are joined into one.
 */
export type WireRunEvent =
  | Exclude<RunEvent, { type: 'response-end' | 'tool-results-commit' | 'tool-call-start' | 'request-sent' }>
  | (Omit<Event<'response-end'>, 'message'> & { message: WireMessage })
  | (Omit<Event<'tool-results-commit'>, 'message'> & { message: WireMessage })
  | (Omit<Event<'tool-call-start'>, 'input'> & { input?: Record<string, unknown> })
  | (Omit<Event<'request-sent'>, 'request'> & { request: RecordedRequest & { $same?: string[] } });

/**
 * `run-events`: the events of one run posted in one frame, in order. `fresh` starts a new stream for the run
 * (a new or resumed run in the worker): the reader forgets what it knew of that run's earlier events.
 */
export interface RunEventsMessage {
  type: 'run-events';
  runId: string;
  fresh?: true;
  events: WireRunEvent[];
}

/** True for a `StreamedBlockRef`. */
export function isStreamedBlockRef(value: unknown): value is StreamedBlockRef {
  return (
    typeof value === 'object' && value !== null && typeof (value as { $streamed?: unknown }).$streamed === 'number'
  );
}

/** True for a `CallResultRef`. */
export function isCallResultRef(value: unknown): value is CallResultRef {
  return typeof value === 'object' && value !== null && typeof (value as { $result?: unknown }).$result === 'string';
}
