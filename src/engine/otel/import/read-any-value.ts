// Pure: an OTLP/JSON `AnyValue` decoded to a plain value, bounded in depth and size (hostile files nest).
import { isRecord } from '../../../shared/is-record';
import { refuseOtlp } from './otlp-import-error';
import type { AttributeValue } from './read-span';

/** How deep lists and maps may nest inside one value: real instrumentations use two or three levels. */
export const MAX_VALUE_DEPTH = 16;
/** Most items one list or map may hold. */
export const MAX_VALUE_ITEMS = 10_000;

function readInt(value: unknown, path: string): number {
  // OTLP/JSON writes 64-bit integers as decimal strings; some writers use numbers.
  const number = typeof value === 'string' && /^-?\d{1,20}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) refuseOtlp(path, 'an integer', JSON.stringify(value));
  return number;
}

/** Decodes `value` (an `AnyValue` object); an empty `{}` is null, as OTLP says. */
export function readAnyValue(value: unknown, path: string, depth = 0): AttributeValue {
  if (depth > MAX_VALUE_DEPTH) refuseOtlp(path, `values nested at most ${MAX_VALUE_DEPTH} deep`, 'deeper nesting');
  if (!isRecord(value)) refuseOtlp(path, 'an AnyValue object', JSON.stringify(value)?.slice(0, 40) ?? 'nothing');
  if ('stringValue' in value) {
    if (typeof value['stringValue'] !== 'string')
      refuseOtlp(`${path}.stringValue`, 'a string', typeof value['stringValue']);
    return value['stringValue'];
  }
  if ('boolValue' in value) return value['boolValue'] === true;
  if ('intValue' in value) return readInt(value['intValue'], `${path}.intValue`);
  if ('doubleValue' in value) {
    const double = value['doubleValue'];
    if (typeof double === 'number') return double;
    if (typeof double === 'string' && Number.isFinite(Number(double))) return Number(double);
    refuseOtlp(`${path}.doubleValue`, 'a number', JSON.stringify(double));
  }
  if ('bytesValue' in value) return typeof value['bytesValue'] === 'string' ? value['bytesValue'] : null;
  if ('arrayValue' in value) {
    const values = isRecord(value['arrayValue']) ? (value['arrayValue']['values'] ?? []) : undefined;
    if (!Array.isArray(values)) refuseOtlp(`${path}.arrayValue.values`, 'a list', typeof values);
    if (values.length > MAX_VALUE_ITEMS)
      refuseOtlp(`${path}.arrayValue`, `at most ${MAX_VALUE_ITEMS} items`, `${values.length}`);
    return values.map((item, index) => readAnyValue(item, `${path}.arrayValue.values[${index}]`, depth + 1));
  }
  if ('kvlistValue' in value) {
    const values = isRecord(value['kvlistValue']) ? (value['kvlistValue']['values'] ?? []) : undefined;
    return readKeyValues(values, `${path}.kvlistValue.values`, depth + 1);
  }
  return null;
}

/** A `KeyValue` list as a plain map (a later duplicate key wins, as in the SDKs). */
export function readKeyValues(list: unknown, path: string, depth = 0): Record<string, AttributeValue> {
  if (list === undefined || list === null) return {};
  if (!Array.isArray(list)) refuseOtlp(path, 'a list of attributes', typeof list);
  if (list.length > MAX_VALUE_ITEMS) refuseOtlp(path, `at most ${MAX_VALUE_ITEMS} attributes`, `${list.length}`);
  const out: Record<string, AttributeValue> = Object.create(null) as Record<string, AttributeValue>;
  list.forEach((entry, index) => {
    if (!isRecord(entry) || typeof entry['key'] !== 'string')
      refuseOtlp(`${path}[${index}]`, 'an attribute with a string key', JSON.stringify(entry)?.slice(0, 40) ?? '');
    out[entry['key']] =
      entry['value'] === undefined ? null : readAnyValue(entry['value'], `${path}[${index}].value`, depth);
  });
  return out;
}
