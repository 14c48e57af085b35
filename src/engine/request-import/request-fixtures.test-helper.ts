// Test helper: the options every request conversion test uses.
import type { RequestTranscriptOptions } from './request-to-transcript';

export const OPTIONS: RequestTranscriptOptions = {
  runId: 'run_req',
  now: 1_700_000_000_000,
  app: { name: 'Loupe', version: 'test' },
};

/** A 1×1 PNG, base64. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
