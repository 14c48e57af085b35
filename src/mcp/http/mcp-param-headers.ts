// SEP-2243 (MCP 2026-07-28): a tool parameter marked `x-mcp-header` is mirrored into an `Mcp-Param-<Name>` HTTP
// header on each tools/call, so gateways can route without reading the body. A tool whose marks break the rules
// cannot be called correctly, and the client must leave it out of its list.

import { isRecord } from '../../shared/is-record';

const MARK = 'x-mcp-header';
/** RFC 9110 `token`: no spaces, control characters or delimiters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE_TYPES = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not schemas: a mark-like key inside them is not a mark. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);
const BASE64_OPEN = '=?base64?';
const BASE64_CLOSE = '?=';

/** One marked parameter: where it sits in the arguments and the header name it goes out under. */
export interface McpParamHeaderMark {
  path: string[];
  headerName: string;
}

/** The marks of one tool's `inputSchema`, or why the tool must be left out. */
export type McpParamHeaderScan = { valid: true; marks: McpParamHeaderMark[] } | { valid: false; reason: string };

/**
 * Reads the `x-mcp-header` marks of `inputSchema`. A mark is valid only on a property reached through a chain of
 * `properties` (not under items, combinators, conditionals, `$defs`…), with a non-empty RFC 9110 token as its
 * value, on a `string`, `integer` or `boolean` property, and unique ignoring case.
 */
export function scanMcpParamHeaders(inputSchema: unknown): McpParamHeaderScan {
  const marks: McpParamHeaderMark[] = [];
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (Array.isArray(node)) {
      for (const item of node) {
        const fault = visit(item, path, false);
        if (fault !== undefined) return fault;
      }
      return undefined;
    }
    if (!isRecord(node)) return undefined;
    const where = path.length === 0 ? 'the schema root' : `"${path.join('.')}"`;
    if (MARK in node) {
      const name = node[MARK];
      if (!reachable || path.length === 0) return `${MARK} on ${where}, which is not a plain property`;
      if (typeof name !== 'string' || name.length === 0) return `${MARK} on ${where} is not a non-empty string`;
      if (!TOKEN.test(name)) return `${MARK} "${name}" on ${where} is not a valid header name`;
      const type = node['type'];
      if (typeof type !== 'string' || !PRIMITIVE_TYPES.has(type))
        return `${MARK} on ${where}, whose type is ${JSON.stringify(type ?? 'unset')} (string, integer or boolean only)`;
      const prior = seen.get(name.toLowerCase());
      if (prior !== undefined) return `${MARK} "${name}" is used twice (also as "${prior}")`;
      seen.set(name.toLowerCase(), name);
      marks.push({ path, headerName: name });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === MARK || DATA_KEYWORDS.has(key)) continue;
      if (key === 'properties' && isRecord(value)) {
        for (const [property, child] of Object.entries(value)) {
          const fault = visit(child, [...path, property], reachable);
          if (fault !== undefined) return fault;
        }
        continue;
      }
      const fault = visit(value, [...path, `<${key}>`], false);
      if (fault !== undefined) return fault;
    }
    return undefined;
  };
  const fault = visit(inputSchema, [], true);
  return fault === undefined ? { valid: true, marks } : { valid: false, reason: fault };
}

function asHeaderText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)))
    return String(value);
  return undefined;
}

/** Printable ASCII (and tab) without surrounding spaces goes as is; anything else as `=?base64?…?=` of its UTF-8. */
export function encodeMcpParamValue(text: string): string {
  const plain =
    text.length > 0 &&
    text === text.trim() &&
    !(text.startsWith(BASE64_OPEN) && text.endsWith(BASE64_CLOSE)) &&
    [...text].every((char) => char === '\t' || (char >= ' ' && char <= '~'));
  if (plain) return text;
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return `${BASE64_OPEN}${btoa(binary)}${BASE64_CLOSE}`;
}

/** The `Mcp-Param-*` headers for one call: a mark whose argument is absent, null or not a primitive sends none. */
export function mcpParamHeaders(marks: readonly McpParamHeaderMark[], input: Record<string, unknown>) {
  const headers: Record<string, string> = {};
  for (const mark of marks) {
    let value: unknown = input;
    for (const key of mark.path) value = isRecord(value) ? value[key] : undefined;
    const text = asHeaderText(value);
    if (text !== undefined) headers[`Mcp-Param-${mark.headerName}`] = encodeMcpParamValue(text);
  }
  return headers;
}
