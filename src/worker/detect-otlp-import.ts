// The import path's detector for OpenTelemetry traces (OTLP/JSON, JSON lines, or protobuf): an agent trace becomes
// a transcript here, then goes through the one import path; a file of several traces asks which (docs/otel.md).
import { importOtlp } from '../engine/otel/import/import-otlp';
import type { TranscriptProblem } from '../engine/transcript/transcript-problem';
import { transcriptApp } from './run-transcript-meta';
import { MAX_TRANSCRIPT_BYTES, type OtlpTraceChoice, type TranscriptImportCommand } from '../protocol/session-messages';

export interface OtlpDetectContext {
  runId: string;
  appVersion: string;
}

export type OtlpDetection =
  { text: string; notes: string[]; title?: string } | { problems: TranscriptProblem[]; traces?: OtlpTraceChoice[] };

/**
 * The command's text, unchanged when it is not OTLP; else the transcript text the chosen trace becomes (with notes
 * to show as import changes), the traces to choose from, or the problem that refused it. A file is read as bytes
 * (a protobuf file is not text), never over the import's size cap.
 */
export async function detectOtlpImport(
  command: TranscriptImportCommand,
  context: OtlpDetectContext,
): Promise<OtlpDetection> {
  let input: { text: string } | { bytes: Uint8Array };
  const more = command.moreFiles ?? [];
  const total = ('file' in command ? command.file.size : 0) + more.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_TRANSCRIPT_BYTES)
    throw new Error(`The files are over ${MAX_TRANSCRIPT_BYTES / 1024 / 1024} MB together, the most Loupe opens.`);
  if ('file' in command) input = { bytes: new Uint8Array(await command.file.arrayBuffer()) };
  else input = { text: command.text };
  const others = await Promise.all(more.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()) })));
  const outcome = importOtlp([input, ...others], {
    runId: context.runId,
    app: transcriptApp(context.appVersion),
    ...(command.traceId !== undefined ? { traceId: command.traceId } : {}),
  });
  switch (outcome.kind) {
    case 'not-otlp':
      // Several files open together only as one OpenTelemetry export; a transcript or a request is one file.
      if (others.length > 0)
        return {
          problems: [
            {
              path: '(files)',
              expected: 'OpenTelemetry files (the traces and logs of one export) when several are opened together',
              got: 'files that are not OpenTelemetry traces; open a transcript or a request on its own',
            },
          ],
        };
      return { text: 'text' in input ? input.text : new TextDecoder().decode(input.bytes), notes: [] };
    case 'refused':
      return { problems: outcome.problems };
    case 'choice':
      return {
        problems: [
          { path: '(file)', expected: 'one agent trace (pick one)', got: `${outcome.traces.length} agent traces` },
        ],
        traces: outcome.traces,
      };
    case 'transcript':
      return { text: JSON.stringify(outcome.transcript), notes: outcome.notes, title: outcome.title };
  }
}
