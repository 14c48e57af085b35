// Pure: a JSON value written as a Python literal (dicts, lists, None/True/False), indented four spaces.

/** `value` (JSON data) as Python source. Strings use JSON escapes, which Python reads the same way. */
export function toPythonLiteral(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  const pad = '    '.repeat(depth + 1);
  const close = '    '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${toPythonLiteral(item, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${toPythonLiteral(item, depth + 1)},`);
    return `{\n${lines.join('\n')}\n${close}}`;
  }
  return 'None';
}
