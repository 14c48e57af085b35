// The heartbeat between the UI and the engine worker: a ping the worker answers at once. Types and guards only.
import { PROTOCOL_VERSION } from './messages';
import { isObjectLike } from '../shared/is-record';

/**
 * Sent by the UI about once a second. The worker answers before anything else it has queued, so a
 * missing answer means its event loop is stuck (an endless loop) or it is gone.
 */
export interface PingMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'ping';
  id: number;
}

/** The worker's answer to `PingMessage` with the same `id`. Kept apart from `WorkerMessage`: only the client sees it. */
export interface PongMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'pong';
  id: number;
}

/** True when `value` is a heartbeat ping of this protocol version. */
export function isPingMessage(value: unknown): value is PingMessage {
  return (
    isObjectLike(value) &&
    value['v'] === PROTOCOL_VERSION &&
    value['type'] === 'ping' &&
    typeof value['id'] === 'number'
  );
}

/** True when `value` is the answer to a ping. */
export function isPongMessage(value: unknown): value is PongMessage {
  return (
    isObjectLike(value) &&
    value['v'] === PROTOCOL_VERSION &&
    value['type'] === 'pong' &&
    typeof value['id'] === 'number'
  );
}
