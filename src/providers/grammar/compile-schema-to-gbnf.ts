// Compiles one tool's JSON Schema into GBNF rules that accept exactly the JSON values it allows (a safe
// subset; what is not supported is accepted more loosely, never refused). Pure.
import { isRecord } from '../../shared/is-record';
import { alt, literal, optional, ref, repeat, seq, type GbnfExpr, type GbnfRules } from './gbnf-expr';
import { JSON_RULE } from './json-value-rules';

/** Bounds on what one tool's schema may make; past them the tool's arguments are any JSON object. */
export const SCHEMA_LIMITS = {
  depth: 32,
  rules: 2000,
  properties: 128,
  enumValues: 256,
  alternatives: 32,
  literalChars: 1000,
  arrayItems: 64,
  stringChars: 1000,
} as const;

/** A schema past a bound of `SCHEMA_LIMITS`, or one llama.cpp could not load (left recursion). */
export class SchemaGrammarError extends Error {
  override readonly name = 'SchemaGrammarError';
}

interface CompileState {
  readonly rules: GbnfRules;
  readonly root: Record<string, unknown>;
  readonly prefix: string;
  readonly notes: Set<string>;
  readonly refRules: Map<string, string>;
  counter: number;
}

const ws = ref(JSON_RULE.ws);
const comma = seq(ws, literal(','), ws);

function addRule(state: CompileState, hint: string, expr: GbnfExpr | (() => GbnfExpr)): string {
  if (state.rules.size >= SCHEMA_LIMITS.rules)
    throw new SchemaGrammarError(`it needs more than ${SCHEMA_LIMITS.rules} grammar rules`);
  const name = `${state.prefix}-${hint}-${state.counter++}`;
  // Reserved first, so a recursive reference made while the body compiles finds it.
  state.rules.set(name, seq());
  state.rules.set(name, typeof expr === 'function' ? expr() : expr);
  return name;
}

function jsonLiteral(value: unknown): GbnfExpr {
  const text = JSON.stringify(value);
  if (text.length > SCHEMA_LIMITS.literalChars)
    throw new SchemaGrammarError(`a constant is longer than ${SCHEMA_LIMITS.literalChars} characters`);
  return literal(text);
}

/** `#/$defs/a/b` inside the tool's own schema; other references are not followed. */
function resolvePointer(root: Record<string, unknown>, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function compileRef(state: CompileState, pointer: string, depth: number): GbnfExpr {
  const known = state.refRules.get(pointer);
  if (known !== undefined) return ref(known);
  const target = resolvePointer(state.root, pointer);
  if (target === undefined) {
    state.notes.add(`a $ref that is not inside the tool's schema (${pointer.slice(0, 80)}) allows any value`);
    return ref(JSON_RULE.value);
  }
  const name = `${state.prefix}-ref-${state.counter++}`;
  state.refRules.set(pointer, name);
  state.rules.set(name, seq());
  state.rules.set(name, compileSchema(state, target, depth + 1));
  return ref(name);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function compileObject(state: CompileState, schema: Record<string, unknown>, depth: number): GbnfExpr {
  const properties = schema['properties'];
  if (!isRecord(properties)) return ref(JSON_RULE.object);
  const required = new Set(stringList(schema['required']));
  const entries = Object.entries(properties).filter(([key, value]) => value !== false || required.has(key));
  if (entries.length > SCHEMA_LIMITS.properties)
    throw new SchemaGrammarError(`an object has more than ${SCHEMA_LIMITS.properties} properties`);
  if (schema['additionalProperties'] !== undefined && schema['additionalProperties'] !== false)
    state.notes.add('properties not listed in "properties" are not generated');
  const members = entries.map(([key, value]) =>
    seq(jsonLiteral(key), ws, literal(':'), ws, compileSchema(state, value, depth + 1)),
  );
  // Properties come in the schema's order; `chain(i, started)` is what may follow property i, with a comma
  // before it when an earlier one was written. Rules, so that optional ones do not double the text each.
  const chains = new Map<string, string>();
  const chain = (index: number, started: boolean): GbnfExpr => {
    const member = members[index];
    const entry = entries[index];
    if (member === undefined || entry === undefined) return seq();
    const key = `${index}-${started}`;
    const known = chains.get(key);
    if (known !== undefined) return ref(known);
    const present = seq(...(started ? [comma] : []), member, chain(index + 1, true));
    const expr = required.has(entry[0]) ? present : alt(present, chain(index + 1, started));
    const name = addRule(state, 'props', expr);
    chains.set(key, name);
    return ref(name);
  };
  return seq(literal('{'), ws, chain(0, false), ws, literal('}'));
}

function compileArray(state: CompileState, schema: Record<string, unknown>, depth: number): GbnfExpr {
  const items = schema['items'];
  const item =
    isRecord(items) || typeof items === 'boolean' ? compileSchema(state, items, depth + 1) : ref(JSON_RULE.value);
  const itemRule = addRule(state, 'item', item);
  // A minimum past the bound is lowered (looser, never wrong); a large maximum is dropped.
  const min = Math.min(Number.isInteger(schema['minItems']) ? Number(schema['minItems']) : 0, SCHEMA_LIMITS.arrayItems);
  const rawMax = Number.isInteger(schema['maxItems']) ? Number(schema['maxItems']) : undefined;
  const max = rawMax !== undefined && rawMax <= SCHEMA_LIMITS.arrayItems ? Math.max(rawMax, min) : undefined;
  if (max === 0) return seq(literal('['), ws, literal(']'));
  const more = repeat(seq(comma, ref(itemRule)), Math.max(min - 1, 0), max === undefined ? undefined : max - 1);
  const body = seq(ref(itemRule), more);
  return seq(literal('['), ws, min > 0 ? body : optional(body), ws, literal(']'));
}

function compileString(state: CompileState, schema: Record<string, unknown>): GbnfExpr {
  if (schema['pattern'] !== undefined || schema['format'] !== undefined)
    state.notes.add('"pattern" and "format" are not enforced: any string is allowed');
  const min = Number.isInteger(schema['minLength'])
    ? Math.min(Number(schema['minLength']), SCHEMA_LIMITS.stringChars)
    : 0;
  const rawMax = Number.isInteger(schema['maxLength']) ? Number(schema['maxLength']) : undefined;
  const max = rawMax !== undefined && rawMax <= SCHEMA_LIMITS.stringChars ? Math.max(rawMax, min) : undefined;
  if (min === 0 && max === undefined) return ref(JSON_RULE.string);
  return seq(literal('"'), repeat(ref(JSON_RULE.char), min, max), literal('"'));
}

function compileType(state: CompileState, type: string, schema: Record<string, unknown>, depth: number): GbnfExpr {
  switch (type) {
    case 'object':
      return compileObject(state, schema, depth);
    case 'array':
      return compileArray(state, schema, depth);
    case 'string':
      return compileString(state, schema);
    case 'integer':
      return ref(JSON_RULE.integer);
    case 'number':
      return ref(JSON_RULE.number);
    case 'boolean':
      return ref(JSON_RULE.boolean);
    case 'null':
      return ref(JSON_RULE.null);
    default:
      state.notes.add(`type "${type.slice(0, 40)}" is unknown: any value is allowed`);
      return ref(JSON_RULE.value);
  }
}

/** `allOf` parts merged into the schema: properties and required lists joined, other keys the part's. */
function mergeAllOf(state: CompileState, schema: Record<string, unknown>): Record<string, unknown> {
  const parts: unknown[] = Array.isArray(schema['allOf']) ? schema['allOf'] : [];
  let merged: Record<string, unknown> = { ...schema, allOf: undefined };
  for (const rawPart of parts.slice(0, SCHEMA_LIMITS.alternatives)) {
    const part =
      isRecord(rawPart) && typeof rawPart['$ref'] === 'string' ? resolvePointer(state.root, rawPart['$ref']) : rawPart;
    if (!isRecord(part)) continue;
    merged = {
      ...merged,
      ...part,
      properties: {
        ...(isRecord(merged['properties']) ? merged['properties'] : {}),
        ...(isRecord(part['properties']) ? part['properties'] : {}),
      },
      required: [...stringList(merged['required']), ...stringList(part['required'])],
    };
  }
  return merged;
}

/** The expression for the values `schema` allows. Throws `SchemaGrammarError` past a bound. */
export function compileSchema(state: CompileState, schema: unknown, depth: number): GbnfExpr {
  if (depth > SCHEMA_LIMITS.depth)
    throw new SchemaGrammarError(`it nests more than ${SCHEMA_LIMITS.depth} levels deep`);
  if (!isRecord(schema)) return ref(JSON_RULE.value);
  if (typeof schema['$ref'] === 'string') return compileRef(state, schema['$ref'], depth);
  if (Array.isArray(schema['allOf'])) return compileSchema(state, mergeAllOf(state, schema), depth + 1);
  if (schema['const'] !== undefined) return jsonLiteral(schema['const']);
  if (Array.isArray(schema['enum'])) {
    if (schema['enum'].length > SCHEMA_LIMITS.enumValues)
      throw new SchemaGrammarError(`an enum has more than ${SCHEMA_LIMITS.enumValues} values`);
    return alt(...schema['enum'].map(jsonLiteral));
  }
  const choices = Array.isArray(schema['anyOf'])
    ? schema['anyOf']
    : Array.isArray(schema['oneOf'])
      ? schema['oneOf']
      : undefined;
  if (choices !== undefined) {
    if (choices.length > SCHEMA_LIMITS.alternatives)
      throw new SchemaGrammarError(`anyOf/oneOf has more than ${SCHEMA_LIMITS.alternatives} choices`);
    if (Array.isArray(schema['oneOf']))
      state.notes.add('oneOf is treated as anyOf (a value matching two choices is not refused)');
    // Each choice is read with the keys beside anyOf (`{type: object, properties, anyOf: [{required}]}`).
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
    return alt(
      ...choices.map((choice) =>
        compileSchema(
          state,
          isRecord(choice) && !choice['$ref']
            ? { ...rest, ...choice, required: [...stringList(rest['required']), ...stringList(choice['required'])] }
            : choice,
          depth + 1,
        ),
      ),
    );
  }
  const type = schema['type'];
  if (typeof type === 'string') return compileType(state, type, schema, depth);
  if (Array.isArray(type))
    return alt(
      ...type
        .filter((item): item is string => typeof item === 'string')
        .map((item) => compileType(state, item, schema, depth)),
    );
  if (isRecord(schema['properties'])) return compileObject(state, schema, depth);
  return ref(JSON_RULE.value);
}

/** Compiles a tool's argument schema; the caller merges `rules` on success. */
export function compileToolArguments(
  schema: Record<string, unknown>,
  prefix: string,
): { rules: GbnfRules; expr: GbnfExpr; notes: string[] } {
  const state: CompileState = {
    rules: new Map(),
    root: schema,
    prefix,
    notes: new Set(),
    refRules: new Map(),
    counter: 0,
  };
  const expr = compileSchema(state, { ...schema, type: schema['type'] ?? 'object' }, 0);
  return { rules: state.rules, expr, notes: [...state.notes] };
}
