// Reads a suite file: JSON, format, version, schema (docs/suite.schema.json, CSP-safe validator). Pure.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import schema from '../../docs/suite.schema.json';
import { SUITE_FORMAT, SUITE_VERSION, type TestSuite } from './test-suite';

export type SuiteParse = { ok: true; suite: TestSuite } | { ok: false; problems: string[] };

/** Suites come from other people: bigger files than this are refused before parsing. */
export const MAX_SUITE_BYTES = 20 * 1024 * 1024;
const MAX_PROBLEMS = 10;

let validator: Validator | undefined;

function describeUnit(unit: OutputUnit): string {
  const where =
    unit.instanceLocation === '#' ? 'the file' : unit.instanceLocation.replace(/^#\//, '').replaceAll('/', '.');
  return `${where}: ${unit.error}`;
}

/** The innermost errors say what is wrong; the wrappers above them only repeat it. */
function leafProblems(errors: readonly OutputUnit[]): string[] {
  const leaves = errors.filter(
    (unit) => !errors.some((other) => other !== unit && other.keywordLocation.startsWith(`${unit.keywordLocation}/`)),
  );
  return [...new Set(leaves.map(describeUnit))].slice(0, MAX_PROBLEMS);
}

/** Parses and checks a suite file's text; one plain sentence per problem. Never throws. */
export function parseSuite(text: string): SuiteParse {
  if (text.length > MAX_SUITE_BYTES) return { ok: false, problems: ['The file is larger than 20 MB.'] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [`The file is not valid JSON (${error instanceof Error ? error.message : String(error)}).`],
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problems: ['The file is not a JSON object (a Loupe test suite).'] };
  const record = value as Record<string, unknown>;
  if (record['format'] !== SUITE_FORMAT)
    return { ok: false, problems: [`The file is not a Loupe test suite (format is not "${SUITE_FORMAT}").`] };
  if (record['version'] !== SUITE_VERSION)
    return {
      ok: false,
      problems: [
        `The suite is version ${JSON.stringify(record['version'])}; this Loupe reads version ${SUITE_VERSION}.`,
      ],
    };
  try {
    validator ??= new Validator(schema as unknown as Schema, '2020-12', false);
    const result = validator.validate(value);
    if (!result.valid) return { ok: false, problems: leafProblems(result.errors) };
  } catch (error) {
    // A nesting deep enough to exhaust the stack is refused, not crashed on.
    return {
      ok: false,
      problems: [`The suite cannot be checked (${error instanceof Error ? error.message : String(error)}).`],
    };
  }
  const suite = value as TestSuite;
  const ids = suite.cases.map((testCase) => testCase.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) return { ok: false, problems: [`Two cases have the id "${repeated}".`] };
  return { ok: true, suite };
}

/** The suite as a file's text (pretty-printed JSON, stable key order as built). */
export function serializeSuite(suite: TestSuite): string {
  return `${JSON.stringify(suite, null, 2)}\n`;
}
