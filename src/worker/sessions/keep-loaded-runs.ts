// The commands that put a stored run into the worker tell the run log writer where that run's stored log ends.
import type { CommandTable } from '../command-table';
import type { RunLogWriter } from './run-log-writer';

type LoadingCommand = 'run-load' | 'run-resume' | 'transcript-import';

/** A table that may answer the commands that put a stored run into the worker. */
export type LoadingTable = Partial<CommandTable<LoadingCommand>>;

/**
 * `table` with its run-load, run-resume and transcript-import handlers (those it has) telling `writer` of the
 * run they put here: a loaded log goes on after its events (a cut-short run closed here gets its closing events
 * appended), a resumed one before its first new event, an import after the events the page stores for it.
 */
export function keepLoadedRuns<T extends LoadingTable>(table: T, writer: RunLogWriter): T {
  const { 'run-load': load, 'run-resume': resume, 'transcript-import': importFile } = table;
  const wrapped: LoadingTable = {};
  if (load)
    wrapped['run-load'] = async (command) => {
      const result = await load(command);
      writer.keep(command.runId, (command.from ?? 0) + command.events.length, result.closingEvents);
      return result;
    };
  if (resume)
    wrapped['run-resume'] = async (command) => {
      // Before the loop starts: its first events must find the run kept.
      writer.keep(command.runId, command.events.length);
      try {
        return await resume(command);
      } catch (error) {
        writer.forget(command.runId);
        throw error;
      }
    };
  if (importFile)
    wrapped['transcript-import'] = async (command) => {
      const result = await importFile(command);
      if (result.ok) {
        writer.keep(command.runId, result.eventCount);
        for (const branch of result.branches ?? []) writer.keep(branch.info.runId, branch.eventCount);
      }
      return result;
    };
  return { ...table, ...wrapped };
}
