// The import path's detector for raw provider requests (a curl, a Messages API or Chat Completions body, or the
// Open a request dialog's envelope) and for Loupe's own HTML files: such text becomes a transcript here, then goes
// through the one import path.
import { convertRequestText, findRequestTexts } from '../engine/request-import/convert-request-text';
import { isHtmlText, readHtmlFile } from '../engine/html-file/read-html-file';
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
  // An HTML file Loupe exported carries its transcript as a data block: that, and nothing else of the page, is read.
  if (isHtmlText(text)) {
    const read = readHtmlFile(text);
    return 'problem' in read
      ? { problems: [{ path: '(file)', expected: 'an HTML file exported by Loupe', got: read.problem }] }
      : { text: read.json, notes: [] };
  }
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
