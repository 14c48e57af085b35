// The transcript's JSON Schema check in plain words; CSP-safe: neither pass compiles code at run time.
import { Validator } from '@cfworker/json-schema';
import type { OutputUnit, Schema } from '@cfworker/json-schema';
import schema from '../../docs/transcript.schema.json';
import { describeValue } from '../engine/transcript/transcript-problem';
import type { TranscriptProblem, TranscriptSchemaCheck } from '../engine/transcript/transcript-problem';

/** Wrapper keywords: their sub-errors say what is actually wrong. */
const WRAPPERS = new Set(['properties', 'items', '$ref', 'allOf', 'prefixItems', 'unevaluatedProperties']);
const MAX_PROBLEMS = 50;

let validator: Validator | undefined;
let isValidTranscript: ((value: unknown) => boolean) | undefined;

/**
 * Loads the compiled check, a chunk of its own, so the worker's first load does not carry it. Until it is
 * loaded, `checkTranscriptSchema` runs the error-collecting pass alone: the same verdicts, only slower.
 */
export async function loadFastTranscriptCheck(): Promise<void> {
  isValidTranscript ??= (await import('./generated/validate-transcript-fast')).validate;
}

/**
 * Checks `value` against docs/transcript.schema.json; one problem per leaf fault (path, expected, got). Once
 * `loadFastTranscriptCheck` has run, a valid file takes the compiled pass only (Ajv standalone, generated: ~40× faster on a 2,000-round file, as it
 * neither collects errors nor walks every `anyOf` branch); a file it refuses is checked again by the
 * error-collecting pass, whose words are the ones shown. Should the two ever disagree, that pass decides.
 */
export const checkTranscriptSchema: TranscriptSchemaCheck = (value) => {
  if (isValidTranscript?.(value) === true) return [];
  validator ??= new Validator(schema as unknown as Schema, '2020-12', false);
  const result = validator.validate(value);
  if (result.valid) return [];
  return explainSchemaErrors(result.errors, value).slice(0, MAX_PROBLEMS);
};

/** Turns the validator's output units into plain-word problems, resolving `anyOf` to the branch meant. */
export function explainSchemaErrors(errors: readonly OutputUnit[], root: unknown): TranscriptProblem[] {
  const problems: TranscriptProblem[] = [];
  const seen = new Set<string>();
  const handledUnder: string[] = [];
  for (const error of errors) {
    if (handledUnder.some((prefix) => error.keywordLocation.startsWith(prefix))) continue;
    if (error.keyword === 'anyOf') {
      const prefix = `${error.keywordLocation}/`;
      handledUnder.push(prefix);
      const branches = groupBranches(
        errors.filter((unit) => unit.keywordLocation.startsWith(prefix)),
        prefix,
      );
      // The branch meant: its type tag matches, and the value is of its type (a fault is deeper in, e.g. an object
      // whose field is wrong, rather than "expected null" for an object that is not null on purpose).
      const fits = (branch: OutputUnit[]) => !branch.some((unit) => isTypeTagMismatch(unit, error.instanceLocation));
      const ofItsType = (branch: OutputUnit[]) =>
        !branch.some((unit) => unit.keyword === 'type' && unit.instanceLocation === error.instanceLocation);
      const meant =
        branches.find((branch) => fits(branch) && ofItsType(branch) && branch.length > 0) ?? branches.find(fits);
      const leaves = meant ?? branches.flat();
      if (meant !== undefined) for (const unit of leaves) push(problems, seen, explainLeaf(unit, root));
      else push(problems, seen, explainAnyOf(error.instanceLocation, leaves, root));
      continue;
    }
    if (WRAPPERS.has(error.keyword)) continue;
    push(problems, seen, explainLeaf(error, root));
  }
  return problems;
}

function push(problems: TranscriptProblem[], seen: Set<string>, problem: TranscriptProblem | undefined): void {
  if (problem === undefined) return;
  const key = `${problem.path}|${problem.expected}`;
  if (seen.has(key)) return;
  seen.add(key);
  problems.push(problem);
}

/** Sub-errors of an anyOf, one list per branch index. */
function groupBranches(units: readonly OutputUnit[], prefix: string): OutputUnit[][] {
  const branches = new Map<string, OutputUnit[]>();
  for (const unit of units) {
    const index = unit.keywordLocation.slice(prefix.length).split('/')[0] ?? '';
    branches.set(index, [...(branches.get(index) ?? []), unit]);
  }
  return [...branches.values()].map((branch) => branch.filter((unit) => !WRAPPERS.has(unit.keyword)));
}

/** A branch whose `type` tag (e.g. `"type": "image"`) does not match is not the branch the file meant. */
function isTypeTagMismatch(unit: OutputUnit, at: string): boolean {
  return unit.keyword === 'const' && unit.instanceLocation === `${at}/type`;
}

function explainAnyOf(at: string, leaves: readonly OutputUnit[], root: unknown): TranscriptProblem {
  const options = leaves.filter((unit) => unit.instanceLocation === at || isTypeTagMismatch(unit, at));
  const expected = [...new Set(options.map((unit) => explainLeaf(unit, root)?.expected ?? ''))].filter(Boolean);
  const tags = leaves.filter((unit) => isTypeTagMismatch(unit, at)).map((unit) => quoted(unit.error));
  return {
    path: toPath(at),
    expected:
      tags.length > 0
        ? `a block whose "type" is one of ${tags.join(', ')}`
        : expected.join(', or ') || 'one of the allowed shapes',
    got: describeValue(valueAt(root, at)),
  };
}

function explainLeaf(unit: OutputUnit, root: unknown): TranscriptProblem | undefined {
  const value = valueAt(root, unit.instanceLocation);
  const path = toPath(unit.instanceLocation);
  const got = describeValue(value);
  switch (unit.keyword) {
    case 'required': {
      const field = quoted(unit.error).replaceAll('"', '');
      return { path: joinPath(path, field), expected: `a "${field}" field`, got: describeValue(undefined) };
    }
    case 'type':
      return { path, expected: article(unit.error.match(/Expected "([^"]+)"/)?.[1] ?? 'another type'), got };
    case 'const':
      return { path, expected: `exactly ${quoted(unit.error)}`, got };
    case 'enum':
      return { path, expected: 'one of the allowed values', got };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const field = quoted(unit.error).replaceAll('"', '');
      return {
        path: joinPath(path, field),
        expected: 'no such field (it is not part of the format)',
        got: describeValue(valueAt(value, `#/${field}`)),
      };
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return { path, expected: describeBound(unit), got };
    case 'minLength':
    case 'minItems':
    case 'pattern':
    case 'format':
      return {
        path,
        expected: unit.error.replace(/^(Instance|String|Array)( type)? /, 'a value that ').replace(/\.$/, ''),
        got,
      };
    default:
      return { path, expected: unit.error.replace(/\.$/, ''), got };
  }
}

function quoted(text: string): string {
  return text.match(/"[^"]*"/)?.[0] ?? text;
}

function article(type: string): string {
  const name = type === 'integer' ? 'whole number' : type === 'array' ? 'list' : type === 'null' ? 'null' : type;
  return name === 'null' ? 'null' : `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
}

/** `#/rounds/0/toolCalls/1` → `rounds[0].toolCalls[1]`; the root is `(file)`. */
function toPath(location: string): string {
  const parts = location.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodePointer);
  if (parts.length === 0) return '(file)';
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function joinPath(path: string, field: string): string {
  return path === '(file)' ? field : `${path}.${field}`;
}

function decodePointer(part: string): string {
  return decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
}

function valueAt(root: unknown, location: string): unknown {
  const parts = location.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodePointer);
  let current: unknown = root;
  for (const part of parts) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A number's bound in words ("a number of at least 0"), from the schema keyword's own value. */
function describeBound(unit: OutputUnit): string {
  const bound = /(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\.?$/.exec(unit.error)?.[1] ?? '?';
  switch (unit.keyword) {
    case 'minimum':
      return `a number of at least ${bound}`;
    case 'exclusiveMinimum':
      return `a number greater than ${bound}`;
    case 'maximum':
      return `a number of at most ${bound}`;
    default:
      return `a number less than ${bound}`;
  }
}
