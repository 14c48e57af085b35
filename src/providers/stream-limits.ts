// The bounds every provider puts on what a model server sends back, and the error a bound that is hit throws. Pure.

/** The most characters one SSE line, or one event's `data`, may hold before the stream is refused. */
export const MAX_SSE_EVENT_CHARS = 8 * 1024 * 1024;
/** The most bytes one streamed reply may hold (a model reply is kilobytes; a server that never stops is not). */
export const MAX_SSE_STREAM_BYTES = 128 * 1024 * 1024;
/**
 * The most bytes of an answer that is not an event stream (an error body, a token count, a model list): one JSON
 * value read whole, so it gets one event's bound.
 */
export const MAX_BODY_BYTES = MAX_SSE_EVENT_CHARS;

/** A stream past one of the bounds above: a hostile or broken server, never a reply worth waiting for. */
export class SseLimitError extends Error {
  override readonly name = 'SseLimitError';
}

/** Bounds for the stream readers (tests make them small). */
export interface SseLimits {
  maxEventChars?: number;
  maxStreamBytes?: number;
  maxBodyBytes?: number;
}

/** The message of a bound that was hit, as both adapters say it. */
export function describeLimit(what: string, max: number, unit: 'characters' | 'bytes'): string {
  return `${what} is longer than ${max.toLocaleString('en')} ${unit}`;
}
