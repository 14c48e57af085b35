// The error a declined sampling request ends with (both eras).

/** Thrown when the person declines a sampling request; the SDK sends `code` (-1, "user rejected") to the server. */
export class SamplingDeclinedError extends Error {
  override readonly name = 'SamplingDeclinedError';
  readonly code = -1;

  constructor() {
    super('The person declined the sampling request.');
  }
}
