// Pure: a raw request that cannot become a run, said in plain words (the import path's problem shape).
import type { TranscriptProblem } from '../transcript/transcript-problem';

/** Thrown by the request readers; `problem` is what the import reports (nothing stored changes). */
export class RequestImportError extends Error {
  readonly problem: TranscriptProblem;
  constructor(path: string, expected: string, got: string) {
    super(`${path}: expected ${expected}, got ${got}.`);
    this.name = 'RequestImportError';
    this.problem = { path, expected, got };
  }
}

/** Refuses with a problem at `path` (a JSON path into the request, or `(curl)` / `(request)`). */
export function refuse(path: string, expected: string, got: string): never {
  throw new RequestImportError(path, expected, got);
}
