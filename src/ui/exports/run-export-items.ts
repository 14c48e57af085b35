// The items of the run actions' Export menu, in order: another format is one more entry here. Each builds its file
// from a redacted copy of the run (the run keeps what was really said) and downloads it.
import type { Transcript } from '../../engine/transcript/transcript';
import { downloadJson, transcriptFileName } from '../transcript/download-json';
import { redactTranscript } from './redact-export';
import { exportHar, exportHtmlFile } from './share-file-items';
import type { RunExportContext } from './run-export-context';

export type { RunExportContext } from './run-export-context';

export interface RunExportItem {
  /** The menu item's accessible name. */
  label: string;
  run: (context: RunExportContext) => Promise<void>;
}

/** The transcripts, redacted, and the notice to show when anything was replaced. */
function redactAll(transcripts: Transcript[], context: RunExportContext): Transcript[] {
  const results = transcripts.map((transcript) => redactTranscript(transcript, context.store.getState()));
  context.say(results.find((result) => result.notice !== undefined)?.notice);
  return results.map((result) => result.transcript);
}

async function exportTranscriptFile(context: RunExportContext): Promise<void> {
  const transcript = await context.store.getState().exportTranscript();
  if (transcript === null) return;
  const [redacted] = redactAll([transcript], context);
  downloadJson(redacted, transcriptFileName(transcript.runId));
}

/** The shown run, or every run of the session, as one OTLP/JSON trace request (content as Settings → Telemetry says). */
async function exportOtlp(context: RunExportContext, scope: 'run' | 'session'): Promise<void> {
  const state = context.store.getState();
  const runIds = scope === 'run' ? [state.runView.runId] : state.sessionRuns.map((run) => run.runId);
  const transcripts: Transcript[] = [];
  for (const runId of runIds) {
    if (runId === null) continue;
    const transcript = await state.exportTranscriptOf(runId);
    if (transcript !== null) transcripts.push(transcript);
  }
  if (transcripts.length === 0) return;
  const request = await state.convertToOtlp(redactAll(transcripts, context), state.settings.telemetry.includeContent);
  if (request === null) return;
  const first = transcripts[0]?.runId ?? 'run';
  downloadJson(request, `loupe-${first.slice(0, 8)}${scope === 'session' ? '-session' : ''}.otlp.json`);
}

export const RUN_EXPORT_ITEMS: readonly RunExportItem[] = [
  { label: 'Transcript (JSON)', run: exportTranscriptFile },
  { label: 'HTML file', run: exportHtmlFile },
  { label: 'HAR', run: exportHar },
  { label: 'OpenTelemetry (OTLP JSON)', run: (context) => exportOtlp(context, 'run') },
  // Not "OpenTelemetry (OTLP JSON) …": a name containing the run item's would make that name ambiguous.
  { label: 'Session trace (OTLP JSON)', run: (context) => exportOtlp(context, 'session') },
];
