// Pure types: spans and log records as the OTLP import reads them, values decoded, ids checked, times in ms.

/** A decoded attribute value: strings, numbers, booleans, lists and maps (kvlist), as the file carried them. */
export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };

/** One span event. */
export interface ReadSpanEvent {
  name: string;
  at: number;
  attributes: Record<string, AttributeValue>;
}

/** One span: ids lowercase hex, times ms since the epoch, `path` where the file holds it (for problems). */
export interface ReadSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  start: number;
  end: number;
  attributes: Record<string, AttributeValue>;
  events: ReadSpanEvent[];
  status: { code: number; message?: string };
  /** `service.name` of its resource, when set (names the trace in a choice). */
  service?: string;
  path: string;
}

/** One log record (the `openai` instrumentation writes message content as logs tied to a span). */
export interface ReadLog {
  traceId?: string;
  spanId?: string;
  at: number;
  /** `eventName`, or the older `event.name` attribute. */
  eventName: string;
  attributes: Record<string, AttributeValue>;
  body: AttributeValue;
}

/** What one or more OTLP documents held. */
export interface ReadOtlp {
  spans: ReadSpan[];
  logs: ReadLog[];
}
