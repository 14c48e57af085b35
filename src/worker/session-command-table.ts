// The session commands' part of the worker's table: import, read, load, resume, replay and compare runs.
import type { CommandTable } from './command-table';
import type { SessionCommands } from './session-commands';
import { importAnyFile } from './import-any-file';

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
    'transcript-import': (command) =>
      importAnyFile(command, {
        appVersion: context.appVersion,
        now: context.now(),
        connectedTools: context.connectedTools(),
        sessions,
      }),
    'run-events-read': (command) => sessions.readEvents(command),
    'run-load-part': (command) => sessions.loadRunPart(command),
    'run-load': (command) => sessions.loadRun(command),
    'run-resume': (command) => sessions.resumeRun(command),
    'run-replay': (command) => sessions.replayRun(command),
    'runs-compare': (command) => sessions.compareRuns(command.leftRunId, command.rightRunId),
  };
}
