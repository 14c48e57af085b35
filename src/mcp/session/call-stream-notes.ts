// How one call hears about its own request's response stream: through the one function the SDK passes along
// unchanged from the request's options to the transport (`onresumptiontoken`).
import type { ServerLogMessage } from '../server-requests/mcp-client-handlers';

/** What a lost stream tells the connection and the call it served. */
export interface StreamLossListener {
  /** A request's stream (or the server's standalone stream) broke; `resuming` when its event id lets the SDK resume. */
  onLost?(reason: string, resuming: boolean): void;
  /** A stream was resumed from its last event id (`Last-Event-ID`) and the server answered. */
  onResumed?(): void;
}

/**
 * What a call hears about its own requests: the JSON-RPC id each goes out with, its stream's loss and resumption,
 * and the server's logs about it.
 */
export interface CallStreamListener extends StreamLossListener {
  /** A log the server sent on this request's own response stream, or naming its progress token. */
  onLog?(entry: ServerLogMessage): void;
  /**
   * One of the call's requests is being sent with this method and JSON-RPC id (the SDK numbers requests itself
   * and tells nobody; the outermost transport sees the message). Again when a request is sent anew.
   */
  onRequestSent?(request: { method: string; id: string | number }): void;
}

/** What one call hears about its own request's stream, passed through the SDK as its `onresumptiontoken`. */
export interface CallStreamNotes {
  /** The function the call hands the SDK as `onresumptiontoken`; it is how the watch finds the call. */
  readonly onresumptiontoken: (token: string) => void;
}

/** Each call's listener, by the function it hands the SDK. */
const notesByToken = new WeakMap<(token: string) => void, CallStreamListener>();

/**
 * Notes for one call: `listener` hears its own request's loss and resumption. Pass `onresumptiontoken` in the
 * request's options: the SDK hands exactly that function to the transport, which lets the watch tell the calls apart.
 */
export function createCallStreamNotes(listener: CallStreamListener): CallStreamNotes {
  const onresumptiontoken = () => {};
  notesByToken.set(onresumptiontoken, listener);
  return { onresumptiontoken };
}

/** The listener of the call whose request was sent with `onresumptiontoken`, if it is one of `createCallStreamNotes`. */
export function callStreamListenerOf(
  onresumptiontoken: ((token: string) => void) | undefined,
): CallStreamListener | undefined {
  return onresumptiontoken === undefined ? undefined : notesByToken.get(onresumptiontoken);
}
