// Pure types: one thing wrong with an imported transcript, said in plain words.

/** Where (a JSON path such as `rounds[2].toolCalls[0].status`), what was expected and what the file holds. */
export interface TranscriptProblem {
  /** `(file)` for the file as a whole, else a path into the JSON. */
  path: string;
  expected: string;
  got: string;
}

/** Checks a parsed value against the transcript's JSON Schema; injected so engine/ stays free of packages. */
export type TranscriptSchemaCheck = (value: unknown) => TranscriptProblem[];

/** One problem as a sentence: "rounds[0].round: expected an integer ≥ 1, got "one"." */
export function describeProblem(problem: TranscriptProblem): string {
  return `${problem.path}: expected ${problem.expected}, got ${problem.got}.`;
}

/** A short, readable rendering of any JSON value for the `got` of a problem. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length > 40 ? `the text "${value.slice(0, 40)}…"` : `the text "${value}"`;
  if (typeof value === 'function') return 'a function';
  return `${typeof value} ${JSON.stringify(value) ?? ''}`;
}
