// Pure: an OTLP file that cannot become a run, said in plain words (the import path's problem shape).
import type { TranscriptProblem } from '../../transcript/transcript-problem';

/** Thrown by the OTLP readers; `problem` is what the import reports (nothing stored changes). */
export class OtlpImportError extends Error {
  readonly problem: TranscriptProblem;
  constructor(path: string, expected: string, got: string) {
    super(`${path}: expected ${expected}, got ${got}.`);
    this.name = 'OtlpImportError';
    this.problem = { path, expected, got };
  }
}

/** Refuses the file with a problem at `path` (a JSON path into it, or `(file)`). */
export function refuseOtlp(path: string, expected: string, got: string): never {
  throw new OtlpImportError(path, expected, got);
}
