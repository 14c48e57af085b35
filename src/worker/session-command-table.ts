// The session commands' part of the worker's table: import, replay and compare runs (load and resume read
// the stored log, so the sessions host answers them: worker/sessions/stored-run-commands.ts).
import type { CommandTable } from './command-table';
import type { SessionCommands } from './session-commands';
import { importAnyFile } from './import-any-file';

export type SessionCommandType = 'transcript-import' | 'run-replay' | 'runs-compare';

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
    'run-replay': (command) => sessions.replayRun(command),
    'runs-compare': (command) => sessions.compareRuns(command.leftRunId, command.rightRunId),
  };
}
