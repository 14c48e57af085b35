// The envelope the Open a request dialog hands the transcript import path: the two texts as pasted.

/** Its `format`: the worker's request detector recognises the envelope by it. */
export const REQUEST_ENVELOPE_FORMAT = 'loupe-request';

export interface RequestEnvelope {
  format: typeof REQUEST_ENVELOPE_FORMAT;
  /** A Messages API or Chat Completions body, or a curl carrying one. */
  request: string;
  /** The response as captured (JSON or its SSE stream), optional. */
  response?: string;
}
