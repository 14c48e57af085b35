// `transcript-import`: whatever the person opened — an OpenTelemetry trace, a raw provider request, a Loupe
// transcript — becomes a transcript and goes through the one import path (each detector loaded on first use).
import type { TranscriptImportCommand, TranscriptImportResult } from '../protocol/session-messages';
import { toImportReply, type SessionCommands } from './session-commands';

export interface ImportContext {
  appVersion: string;
  now: number;
  /** Exposed names of the connected servers' tools (a request's tool of that name maps onto it). */
  connectedTools: readonly string[];
  sessions: SessionCommands;
}

export async function importAnyFile(
  command: TranscriptImportCommand,
  context: ImportContext,
): Promise<TranscriptImportResult> {
  // An OpenTelemetry trace becomes a transcript first; any other file passes through as its text.
  const otlp = await (
    await import('./detect-otlp-import')
  ).detectOtlpImport(command, { runId: command.runId, appVersion: context.appVersion });
  if ('problems' in otlp) return { ok: false, ...otlp };
  // A raw provider request becomes a transcript too, then imports as any other.
  const detected = (await import('./detect-request-import')).detectRequestImport(otlp.text, {
    runId: command.runId,
    now: context.now,
    appVersion: context.appVersion,
    connectedTools: context.connectedTools,
  });
  if ('problems' in detected) return { ok: false, problems: detected.problems };
  // The schema and its checks load with the first import, not with the worker (issue 16).
  const schemaCheck = await import('./check-transcript-schema');
  await schemaCheck.loadFastTranscriptCheck();
  const reply = toImportReply(
    context.sessions.importTranscript(
      { type: 'transcript-import', runId: command.runId, text: detected.text },
      schemaCheck.checkTranscriptSchema,
    ),
  );
  if (!reply.ok) return reply;
  const notes = [...otlp.notes, ...detected.notes];
  // A trace names its session after the agent's root span (the file name otherwise).
  return { ...reply, changes: [...notes, ...reply.changes], ...(otlp.title ? { title: otlp.title } : {}) };
}
