// Pure: OTLP/JSON text — one `ExportTraceServiceRequest` / `ExportLogsServiceRequest`, or JSON lines of them as
// the Collector's file exporter writes (traces and logs mixed) — read into checked spans and log records.
import { isRecord } from '../../../shared/is-record';
import { refuseOtlp } from './otlp-import-error';
import { readAnyValue, readKeyValues } from './read-any-value';
import type { AttributeValue, ReadLog, ReadOtlp, ReadSpan } from './read-span';

/** Most spans one import reads: a long agent run has a few thousand. */
export const MAX_SPANS = 20_000;
/** Most log records one import reads. */
export const MAX_LOGS = 50_000;

const HEX_TRACE = /^[0-9a-f]{32}$/i;
const HEX_SPAN = /^[0-9a-f]{16}$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function list(value: unknown, path: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) refuseOtlp(path, 'a list', typeof value);
  return value;
}

/** A hex id, lowercased; base64 (protobuf's JSON mapping, not OTLP/JSON's) is named as such. */
function readId(value: unknown, path: string, pattern: RegExp, digits: number, optional: boolean): string | undefined {
  if ((value === undefined || value === '') && optional) return undefined;
  if (typeof value !== 'string')
    refuseOtlp(path, `${digits} hex digits`, value === undefined ? 'nothing' : typeof value);
  if (pattern.test(value)) return value.toLowerCase();
  const got =
    BASE64.test(value) && value.length === Math.ceil(digits / 2 / 3) * 4
      ? `base64 "${value}" (OTLP/JSON writes ids as hex)`
      : `"${value.slice(0, 40)}"`;
  return refuseOtlp(path, `${digits} hex digits`, got);
}

/** Nanoseconds since the epoch (a decimal string or a number) as milliseconds. */
function readNanos(value: unknown, path: string): number {
  if (value === undefined) return 0;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value / 1e6;
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return Number(BigInt(value) / 1000n) / 1000;
  return refuseOtlp(path, 'nanoseconds since the epoch as a decimal string', JSON.stringify(value)?.slice(0, 40) ?? '');
}

function readSpan(value: unknown, path: string, service: string | undefined): ReadSpan {
  if (!isRecord(value)) refuseOtlp(path, 'a span object', typeof value);
  const parentSpanId = readId(value['parentSpanId'], `${path}.parentSpanId`, HEX_SPAN, 16, true);
  const status = isRecord(value['status']) ? value['status'] : {};
  const kind = typeof value['kind'] === 'number' ? value['kind'] : 0;
  return {
    traceId: readId(value['traceId'], `${path}.traceId`, HEX_TRACE, 32, false)!,
    spanId: readId(value['spanId'], `${path}.spanId`, HEX_SPAN, 16, false)!,
    ...(parentSpanId !== undefined ? { parentSpanId } : {}),
    name: typeof value['name'] === 'string' ? value['name'] : '',
    kind,
    start: readNanos(value['startTimeUnixNano'], `${path}.startTimeUnixNano`),
    end: readNanos(value['endTimeUnixNano'], `${path}.endTimeUnixNano`),
    attributes: readKeyValues(value['attributes'], `${path}.attributes`),
    events: list(value['events'], `${path}.events`).map((event, index) => {
      const at = `${path}.events[${index}]`;
      if (!isRecord(event)) refuseOtlp(at, 'an event object', typeof event);
      return {
        name: typeof event['name'] === 'string' ? event['name'] : '',
        at: readNanos(event['timeUnixNano'], `${at}.timeUnixNano`),
        attributes: readKeyValues(event['attributes'], `${at}.attributes`),
      };
    }),
    status: {
      code: typeof status['code'] === 'number' ? status['code'] : 0,
      ...(typeof status['message'] === 'string' ? { message: status['message'] } : {}),
    },
    ...(service !== undefined ? { service } : {}),
    path,
  };
}

function readLog(value: unknown, path: string): ReadLog {
  if (!isRecord(value)) refuseOtlp(path, 'a log record object', typeof value);
  const attributes = readKeyValues(value['attributes'], `${path}.attributes`);
  const traceId = readId(value['traceId'], `${path}.traceId`, HEX_TRACE, 32, true);
  const spanId = readId(value['spanId'], `${path}.spanId`, HEX_SPAN, 16, true);
  const named = attributes['event.name'];
  const eventName = typeof value['eventName'] === 'string' && value['eventName'] !== '' ? value['eventName'] : named;
  const body: AttributeValue = value['body'] === undefined ? null : readAnyValue(value['body'], `${path}.body`);
  return {
    ...(traceId !== undefined ? { traceId } : {}),
    ...(spanId !== undefined ? { spanId } : {}),
    at: readNanos(value['timeUnixNano'] ?? value['observedTimeUnixNano'], `${path}.timeUnixNano`),
    eventName: typeof eventName === 'string' ? eventName : '',
    attributes,
    body,
  };
}

/** True when `value` is an OTLP export request (traces or logs) at its top level. */
export function isOtlpDocument(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (Array.isArray(value['resourceSpans']) || Array.isArray(value['resourceLogs']));
}

/** Reads one parsed document into `into` (bounded: the caps count across documents). */
export function readOtlpDocument(doc: Record<string, unknown>, prefix: string, into: ReadOtlp): void {
  list(doc['resourceSpans'], `${prefix}resourceSpans`).forEach((resource, r) => {
    const at = `${prefix}resourceSpans[${r}]`;
    if (!isRecord(resource)) refuseOtlp(at, 'an object', typeof resource);
    const attributes = isRecord(resource['resource'])
      ? readKeyValues(resource['resource']['attributes'], `${at}.resource.attributes`)
      : {};
    const service = typeof attributes['service.name'] === 'string' ? attributes['service.name'] : undefined;
    list(resource['scopeSpans'], `${at}.scopeSpans`).forEach((scope, s) => {
      if (!isRecord(scope)) refuseOtlp(`${at}.scopeSpans[${s}]`, 'an object', typeof scope);
      const spans = list(scope['spans'], `${at}.scopeSpans[${s}].spans`);
      if (into.spans.length + spans.length > MAX_SPANS)
        refuseOtlp('(file)', `at most ${MAX_SPANS.toLocaleString('en')} spans`, 'more');
      spans.forEach((span, index) =>
        into.spans.push(readSpan(span, `${at}.scopeSpans[${s}].spans[${index}]`, service)),
      );
    });
  });
  list(doc['resourceLogs'], `${prefix}resourceLogs`).forEach((resource, r) => {
    const at = `${prefix}resourceLogs[${r}]`;
    if (!isRecord(resource)) refuseOtlp(at, 'an object', typeof resource);
    list(resource['scopeLogs'], `${at}.scopeLogs`).forEach((scope, s) => {
      if (!isRecord(scope)) refuseOtlp(`${at}.scopeLogs[${s}]`, 'an object', typeof scope);
      const records = list(scope['logRecords'], `${at}.scopeLogs[${s}].logRecords`);
      if (into.logs.length + records.length > MAX_LOGS)
        refuseOtlp('(file)', `at most ${MAX_LOGS.toLocaleString('en')} log records`, 'more');
      records.forEach((log, index) => into.logs.push(readLog(log, `${at}.scopeLogs[${s}].logRecords[${index}]`)));
    });
  });
}

/**
 * Reads the documents of `text` into `into`: one JSON document, or JSON lines (each an export request). False when it is
 * not OTLP/JSON at all (another importer may read it); a file that is OTLP but broken is refused with its problem.
 */
export function readOtlpJson(text: string, into: ReadOtlp): boolean {
  const head = text.trimStart();
  if (!head.startsWith('{')) return false;
  // A cheap look before parsing: the usual import (a transcript, up to 50 MB) is not parsed twice.
  if (!/"resource(Spans|Logs)"\s*:/.test(text.slice(0, 4096))) return false;
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  if (whole !== undefined) {
    if (!isOtlpDocument(whole)) return false;
    readOtlpDocument(whole, '', into);
    return true;
  }
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      refuseOtlp(`line ${index + 1}`, 'one OTLP/JSON export request per line', 'text that is not JSON');
    }
    if (!isOtlpDocument(doc)) refuseOtlp(`line ${index + 1}`, 'resourceSpans or resourceLogs', 'another JSON value');
    readOtlpDocument(doc, `line ${index + 1}: `, into);
  });
  return true;
}
