// Reads a results file (`--baseline`): JSON, format, version, schema (docs/results.schema.json). Pure.
import { Validator, type Schema } from '@cfworker/json-schema';
import schema from '../../docs/results.schema.json';
import { RESULTS_FORMAT, RESULTS_VERSION, type ResultsFile } from './results-file';

let validator: Validator | undefined;

/** The file, or a sentence saying why it cannot be used. Never throws. */
export function parseResults(text: string): ResultsFile | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `it is not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (record['format'] !== RESULTS_FORMAT) return `it is not a Loupe results file (format is not "${RESULTS_FORMAT}")`;
  if (record['version'] !== RESULTS_VERSION)
    return `it is version ${JSON.stringify(record['version'])}; this Loupe reads version ${RESULTS_VERSION}`;
  try {
    validator ??= new Validator(schema as unknown as Schema, '2020-12', false);
    const result = validator.validate(value);
    const first = result.errors.at(-1);
    if (!result.valid)
      return `${first?.instanceLocation.replace(/^#\/?/, '') || 'the file'}: ${first?.error ?? 'invalid'}`;
  } catch (error) {
    return `it cannot be checked (${error instanceof Error ? error.message : String(error)})`;
  }
  return value as ResultsFile;
}
