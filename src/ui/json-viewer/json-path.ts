// Pure: the path of a node in a JSON value, as people write it in JavaScript and JSONPath: `$`, `$.days[0]`,
// `$["a key"]`. Used to name a node's Copy button. Imports nothing (json-rows imports it).

/** Paths longer than this are shortened in the middle when they name something (a key may be megabytes). */
export const MAX_PATH_LABEL = 120;

const identifier = /^[A-Za-z_$][\w$]*$/;

/** The path of child `key` under `parent` (`$` for the root, whose key is null). */
export function childPath(parent: string, key: string | number | null): string {
  if (key === null) return '$';
  if (typeof key === 'number') return `${parent}[${key}]`;
  return identifier.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** `path` cut to `MAX_PATH_LABEL` characters, keeping both ends (where it starts and the node itself). */
export function shortPath(path: string): string {
  if (path.length <= MAX_PATH_LABEL) return path;
  const half = Math.floor((MAX_PATH_LABEL - 1) / 2);
  return `${path.slice(0, half)}…${path.slice(path.length - half)}`;
}
