// Pure: finds every `$ref` of a JSON Schema that a validator must not follow (remote, missing, cyclic). No I/O.

import { isRecord } from './is-record';

/** The most schema objects looked at; a tool schema past this is not checked by Loupe (the server still is). */
export const MAX_SCHEMA_NODES = 20_000;

/** The deepest schema nesting looked at (validators recurse, so deeper schemas would overflow the stack). */
export const MAX_SCHEMA_DEPTH = 100;

/** Base for `$ref`s of a schema without `$id`: never fetched, it only lets relative references be compared. */
const DEFAULT_BASE = 'https://loupe.invalid/schema.json';

/** Keywords whose subschemas apply to the same value (a cycle through only these never ends). */
const IN_PLACE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

/** A `$ref` Loupe does not follow, and why. */
export interface UnfollowedRef {
  /** JSON Pointer of the schema object holding the `$ref`. */
  at: string;
  ref: string;
  why: 'remote' | 'missing' | 'cycle';
}

/** What a validator (and Monaco) may be given. */
export type PreparedSchema =
  | {
      ok: true;
      /** `schema` itself when every ref is followable, else a copy with those refs replaced by `{}` (accept). */
      schema: Record<string, unknown>;
      unfollowed: UnfollowedRef[];
    }
  | { ok: false; why: string };

interface Node {
  value: Record<string, unknown>;
  pointer: string;
  base: string;
  depth: number;
}

const cache = new WeakMap<object, PreparedSchema>();

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function resolveUrl(ref: string, base: string): URL | undefined {
  try {
    return new URL(ref, base);
  } catch {
    return undefined;
  }
}

/** `#/a~1b/c%20d` → the pointer in Loupe's own encoding (`/a~1b/c d`), or undefined when it is an anchor. */
function fragmentPointer(fragment: string): string | undefined {
  if (fragment !== '' && !fragment.startsWith('/')) return undefined;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * Checks every `$ref` of `schema` without following any: local references (`#/$defs/…`, `#anchor`, an `$id`
 * inside the schema) are kept; one to another document (a URL, or a relative name no `$id` here answers) is
 * never fetched; one pointing at nothing, or closing a loop that never reaches a value (`a` → `b` → `a`, or
 * through `allOf`/`anyOf`/…), would throw or overflow the validator's stack. Those are replaced by `{}` in a
 * copy, so the rest of the schema is still checked. Iterative, bounded by `MAX_SCHEMA_NODES` and
 * `MAX_SCHEMA_DEPTH` (past either: `ok: false`). Cached per schema object.
 */
export function prepareSchemaRefs(schema: Record<string, unknown>): PreparedSchema {
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  const prepared = prepare(schema);
  cache.set(schema, prepared);
  return prepared;
}

function prepare(schema: Record<string, unknown>): PreparedSchema {
  const nodes = new Map<string, Node>();
  const ids = new Map<string, string>(); // resource URL (no fragment) → pointer
  const anchors = new Map<string, string>(); // resource URL#anchor → pointer
  const children = new Map<string, string[]>(); // in-place subschema edges
  const rootBase =
    typeof schema['$id'] === 'string' ? (resolveUrl(schema['$id'], DEFAULT_BASE)?.href ?? DEFAULT_BASE) : DEFAULT_BASE;
  const stack: Node[] = [{ value: schema, pointer: '', base: rootBase, depth: 0 }];
  ids.set(rootBase.replace(/#.*$/, ''), '');
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (nodes.size >= MAX_SCHEMA_NODES)
      return { ok: false, why: `the schema has more than ${MAX_SCHEMA_NODES} parts, too many to check here` };
    if (node.depth > MAX_SCHEMA_DEPTH)
      return { ok: false, why: `the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels, too deep to check here` };
    let base = node.base;
    if (node.pointer !== '' && typeof node.value['$id'] === 'string') {
      const resolved = resolveUrl(node.value['$id'], base);
      if (resolved !== undefined) {
        resolved.hash = '';
        base = resolved.href;
        ids.set(base, node.pointer);
      }
    }
    if (typeof node.value['$anchor'] === 'string') anchors.set(`${base}#${node.value['$anchor']}`, node.pointer);
    nodes.set(node.pointer, { ...node, base });
    const inPlace: string[] = [];
    for (const [key, child] of Object.entries(node.value)) {
      if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
      const pointer = `${node.pointer}/${escapePointer(key)}`;
      const items: [string, unknown][] = Array.isArray(child)
        ? child.map((item, index) => [`${pointer}/${index}`, item])
        : isRecord(child) &&
            (key === 'properties' ||
              key === '$defs' ||
              key === 'definitions' ||
              key === 'patternProperties' ||
              key === 'dependentSchemas')
          ? Object.entries(child).map(([name, item]) => [`${pointer}/${escapePointer(name)}`, item])
          : [[pointer, child]];
      for (const [childPointer, item] of items) {
        if (!isRecord(item)) continue;
        if (IN_PLACE.has(key)) inPlace.push(childPointer);
        stack.push({ value: item, pointer: childPointer, base, depth: node.depth + 1 });
      }
    }
    children.set(node.pointer, inPlace);
  }

  const unfollowed: UnfollowedRef[] = [];
  const refEdges = new Map<string, string>(); // holder pointer → target pointer
  for (const node of nodes.values()) {
    const ref = node.value['$ref'];
    if (typeof ref !== 'string') continue;
    const target = resolveRef(ref, node.base, ids, anchors, nodes);
    if (target === 'remote' || target === 'missing') unfollowed.push({ at: node.pointer, ref, why: target });
    else refEdges.set(node.pointer, target.target);
  }
  for (const at of findCyclicRefs(nodes, children, refEdges))
    unfollowed.push({ at, ref: String(nodes.get(at)?.value['$ref']), why: 'cycle' });
  if (unfollowed.length === 0) return { ok: true, schema, unfollowed };
  unfollowed.sort((first, second) => (first.at < second.at ? -1 : first.at > second.at ? 1 : 0));
  return { ok: true, schema: withoutRefs(schema, unfollowed), unfollowed };
}

function resolveRef(
  ref: string,
  base: string,
  ids: Map<string, string>,
  anchors: Map<string, string>,
  nodes: Map<string, Node>,
): { target: string } | 'remote' | 'missing' {
  const url = resolveUrl(ref, base);
  if (url === undefined) return 'missing';
  const fragment = url.hash.replace(/^#/, '');
  url.hash = '';
  const resource = ids.get(url.href);
  if (resource === undefined) return 'remote';
  const pointer = fragmentPointer(fragment);
  if (pointer === undefined) {
    const anchored = anchors.get(`${url.href}#${fragment}`);
    return anchored === undefined ? 'missing' : { target: anchored };
  }
  const target = `${resource}${pointer}`;
  return nodes.has(target) ? { target } : 'missing';
}

/** The refs whose holder and target lie on one loop of in-place edges (Kosaraju's strongly connected components). */
function findCyclicRefs(
  nodes: Map<string, Node>,
  children: Map<string, string[]>,
  refEdges: Map<string, string>,
): string[] {
  const next = (pointer: string): string[] => {
    const out = [...(children.get(pointer) ?? [])];
    const target = refEdges.get(pointer);
    if (target !== undefined) out.push(target);
    return out;
  };
  const reverse = new Map<string, string[]>();
  for (const pointer of nodes.keys())
    for (const target of next(pointer)) {
      const sources = reverse.get(target);
      if (sources === undefined) reverse.set(target, [pointer]);
      else sources.push(pointer);
    }
  const order: string[] = [];
  const seen = new Set<string>();
  for (const start of nodes.keys()) {
    if (seen.has(start)) continue;
    seen.add(start);
    const stack: [string, number][] = [[start, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [string, number];
      const outs = next(top[0]);
      if (top[1] < outs.length) {
        const target = outs[top[1]] as string;
        top[1] += 1;
        if (!seen.has(target)) {
          seen.add(target);
          stack.push([target, 0]);
        }
      } else {
        order.push(top[0]);
        stack.pop();
      }
    }
  }
  const component = new Map<string, number>();
  let count = 0;
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const start = order[index] as string;
    if (component.has(start)) continue;
    const stack = [start];
    component.set(start, count);
    while (stack.length > 0) {
      const pointer = stack.pop() as string;
      for (const source of reverse.get(pointer) ?? [])
        if (!component.has(source)) {
          component.set(source, count);
          stack.push(source);
        }
    }
    count += 1;
  }
  return [...refEdges]
    .filter(([holder, target]) => holder === target || component.get(holder) === component.get(target))
    .map(([holder]) => holder);
}

/** A copy of `schema` with each unfollowed `$ref` removed (its siblings still apply). Depth is already bounded. */
function withoutRefs(schema: Record<string, unknown>, unfollowed: readonly UnfollowedRef[]): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  for (const { at } of unfollowed) {
    let holder: unknown = copy;
    for (const segment of at.split('/').slice(1)) {
      const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
      holder = isRecord(holder) ? holder[key] : Array.isArray(holder) ? holder[Number(key)] : undefined;
    }
    if (isRecord(holder)) delete holder['$ref'];
  }
  return copy;
}

/** One plain sentence per unfollowed ref, for the person (shown beside the editor, never blocking an edit). */
export function describeUnfollowedRefs(unfollowed: readonly UnfollowedRef[]): string[] {
  return unfollowed.slice(0, 5).map(({ at, ref, why }) => {
    const where = at === '' ? 'the top level' : at;
    if (why === 'remote')
      return `$ref "${ref}" at ${where} names another document; Loupe never fetches schemas, so that part is not checked here.`;
    if (why === 'missing')
      return `$ref "${ref}" at ${where} points to nothing in the schema; that part is not checked.`;
    return `$ref "${ref}" at ${where} loops back without reaching a value; that part is not checked.`;
  });
}
