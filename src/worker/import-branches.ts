// The other branches of an imported transcript's run family, rebuilt as runs of the new session.
import type { RunEvent } from '../engine/event/run-event';
import type { Transcript, TranscriptBranch } from '../engine/transcript/transcript';
import { transcriptToEvents } from '../engine/transcript/transcript-to-events';
import type { BranchInfo } from '../protocol/debug-messages';

/** Another branch of an imported run's family, kept by the worker under `info.runId`. */
export interface ImportedBranch {
  info: BranchInfo;
  events: RunEvent[];
}

/** Every branch of the family (the imported run included) and the other branches' runs as events. */
export interface ImportedFamily {
  family: BranchInfo[];
  branches: ImportedBranch[];
}

/**
 * Rebuilds `transcript.branches` as runs `<mainRunId>~1`, `~2`… linked by the new ids. The exported run is
 * named and placed by its `branch` (version 2); an older file does not describe it: it is then the original
 * when no branch is, else a fork of the original at the round whose request had as many messages as its first. `close` ends a branch exported before it ended.
 */
export function importBranches(
  transcript: Transcript,
  mainRunId: string,
  close: (events: RunEvent[]) => RunEvent[],
): ImportedFamily | undefined {
  const listed = transcript.branches ?? [];
  if (listed.length === 0) return undefined;
  const ids = new Map<string, string>([[transcript.runId, mainRunId]]);
  listed.forEach((branch, index) => ids.set(branch.runId, `${mainRunId}~${index + 1}`));
  const newId = (runId: string | null): string | null => (runId === null ? null : (ids.get(runId) ?? null));
  const branches = listed.map((branch): ImportedBranch => {
    const runId = newId(branch.runId) ?? branch.runId;
    const info: BranchInfo = {
      runId,
      name: branch.name,
      parentRunId: newId(branch.parentRunId),
      forkRound: branch.parentRunId === null ? null : branch.forkRound,
    };
    return { info, events: close(transcriptToEvents(asTranscript(transcript, branch, runId))) };
  });
  return { family: [describeMain(transcript, mainRunId, branches, listed), ...branches.map((b) => b.info)], branches };
}

/** A branch as a transcript of its own: the family's settings, tools and system, its own rounds. */
function asTranscript(transcript: Transcript, branch: TranscriptBranch, runId: string): Transcript {
  const { branches: _others, error: _error, branch: _self, limits: _limits, ...shared } = transcript;
  return {
    ...shared,
    runId,
    messages: branch.messages,
    rounds: branch.rounds,
    finishReason: branch.finishReason,
    usage: branch.usage,
  };
}

function describeMain(
  transcript: Transcript,
  mainRunId: string,
  branches: ImportedBranch[],
  listed: TranscriptBranch[],
): BranchInfo {
  // Version 2 records the exported run's own place in the family: its name, parent and fork round.
  const own = transcript.branch;
  if (own !== undefined) {
    const parent =
      own.parentRunId === null ? undefined : branches[listed.findIndex((b) => b.runId === own.parentRunId)];
    return {
      runId: mainRunId,
      name: own.name,
      parentRunId: parent?.info.runId ?? null,
      forkRound: parent === undefined ? null : own.forkRound,
    };
  }
  const rootIndex = listed.findIndex((branch) => branch.parentRunId === null);
  const root = branches[rootIndex];
  const rootBranch = listed[rootIndex];
  if (root === undefined || rootBranch === undefined) {
    return { runId: mainRunId, name: 'Original', parentRunId: null, forkRound: null };
  }
  const firstCount = transcript.rounds[0]?.request.messageCount;
  const match = rootBranch.rounds.find((round) => round.request.messageCount === firstCount);
  return { runId: mainRunId, name: 'Imported fork', parentRunId: root.info.runId, forkRound: match?.round ?? null };
}
