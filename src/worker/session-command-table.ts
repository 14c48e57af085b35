// The session commands' part of the worker's table: import, read, load, resume, replay and compare runs.
import type { TranscriptImportCommand, TranscriptImportResult } from '../protocol/session-messages';
import type { CommandTable } from './command-table';
import { importText, toImportReply, type SessionCommands } from './session-commands';

export type SessionCommandType =
  'transcript-import' | 'run-events-read' | 'run-load-part' | 'run-load' | 'run-resume' | 'run-replay' | 'runs-compare';

export interface SessionTableContext {
  now: () => number;
  appVersion: string;
  /** The names of the connected servers' tools (a raw request's tools are matched to them). */
  connectedTools: () => string[];
}

export function sessionCommandTable(
  sessions: SessionCommands,
  context: SessionTableContext,
): CommandTable<SessionCommandType> {
  return {
    'transcript-import': (command) => importAnything(sessions, context, command),
    'run-events-read': (command) => sessions.readEvents(command),
    'run-load-part': (command) => sessions.loadRunPart(command),
    'run-load': (command) => sessions.loadRun(command),
    'run-resume': (command) => sessions.resumeRun(command),
    'run-replay': (command) => sessions.replayRun(command),
    'runs-compare': (command) => sessions.compareRuns(command.leftRunId, command.rightRunId),
  };
}

/** A transcript, or a raw provider request turned into one first (loaded on first use), imports as any other. */
async function importAnything(
  sessions: SessionCommands,
  context: SessionTableContext,
  command: TranscriptImportCommand,
): Promise<TranscriptImportResult> {
  const raw = await importText(command);
  const detected = (await import('./detect-request-import')).detectRequestImport(raw, {
    runId: command.runId,
    now: context.now(),
    appVersion: context.appVersion,
    connectedTools: context.connectedTools(),
  });
  if ('problems' in detected) return { ok: false, problems: detected.problems };
  // The schema and its checks load with the first import, not with the worker (issue 16).
  const schemaCheck = await import('./check-transcript-schema');
  await schemaCheck.loadFastTranscriptCheck();
  const reply = toImportReply(
    sessions.importTranscript(
      { type: 'transcript-import', runId: command.runId, text: detected.text },
      schemaCheck.checkTranscriptSchema,
    ),
  );
  return reply.ok && detected.notes.length > 0 ? { ...reply, changes: [...detected.notes, ...reply.changes] } : reply;
}
