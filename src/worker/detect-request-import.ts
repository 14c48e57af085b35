// The import path's detector for raw provider requests (a curl, a Messages API or Chat Completions body, or the
// Open a request dialog's envelope): such text becomes a transcript here, then goes through the one import path.
import { convertRequestText, findRequestTexts } from '../engine/request-import/convert-request-text';
import type { TranscriptProblem } from '../engine/transcript/transcript-problem';
import { transcriptApp } from './run-transcript-meta';

export interface RequestDetectContext {
  runId: string;
  now: number;
  appVersion: string;
  /** Exposed names of the connected servers' tools (a request's tool of that name maps onto it). */
  connectedTools: readonly string[];
}

/**
 * `text` unchanged when it is not a provider request; else the transcript text it becomes (notes on what was
 * dropped or mapped, to show as import changes), or the problem that refused it (nothing stored changes).
 */
export function detectRequestImport(
  text: string,
  context: RequestDetectContext,
): { text: string; notes: string[] } | { problems: TranscriptProblem[] } {
  const texts = findRequestTexts(text);
  if (!texts) return { text, notes: [] };
  const converted = convertRequestText(texts, {
    runId: context.runId,
    now: context.now,
    app: transcriptApp(context.appVersion),
    connectedTools: context.connectedTools,
  });
  if (!converted.ok) return { problems: converted.problems };
  return { text: JSON.stringify(converted.transcript), notes: converted.notes.map((note) => `Request: ${note}`) };
}
