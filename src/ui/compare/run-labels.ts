// Pure: words that tell a session's runs apart — name, where it came from (fork, replay, import), whether a
// person edited it, how it ended, when it started — and never the same words twice.
import type { BranchInfo } from '../../protocol/debug-messages';
import type { StoredRun } from '../../store/sessions/session-record';
import { roundOffsetOf } from '../../store/round-offset';

/** Characters of a run's own label (its prompt) kept before "…". */
const NAME_CHARS = 40;

/** What is known of a run right now, beyond what its stored record says. */
export interface LiveRunState {
  phase: 'running' | 'paused' | 'ended';
  finishReason?: string | null;
  /** A person edited something the run sent or received (a request, a call's input, a result). */
  edited?: boolean;
}

export interface RunLabelSources {
  runs: readonly StoredRun[];
  /** Every known branch (the session's, then the debugger's, fresher, for the same run). */
  branches: readonly BranchInfo[];
  /** The state of runs loaded in memory (the shown run, the branches of its family). */
  live: ReadonlyMap<string, LiveRunState>;
  /** Formats a start time; `Intl` in the app, fixed in tests. */
  formatTime: (at: number) => string;
}

/** "finished" for a normal end, the finish reason otherwise ("aborted", "error", "limit:rounds", …). */
export function describeFinish(finishReason: string): string {
  return finishReason === 'end_turn' ? 'finished' : finishReason;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NAME_CHARS ? `${flat.slice(0, NAME_CHARS - 1)}…` : flat;
}

function statusOf(run: StoredRun, live: LiveRunState | undefined): string | null {
  if (live?.phase === 'running' || live?.phase === 'paused') return live.phase;
  const reason = live?.finishReason ?? run.finishReason;
  return reason == null ? null : describeFinish(reason);
}

/** A start time: an imported run's own (from its file), else when it joined the session. */
function startOf(run: StoredRun): number {
  const recorded = run.origin === 'imported' ? Date.parse(run.meta?.createdAt ?? '') : Number.NaN;
  return Number.isFinite(recorded) ? recorded : run.startedAt;
}

export type RunLabelStyle =
  /** "Run 2 · Second try · fork of Run 1 @ round 5 · finished · 14:02:31": runs referred to by number. */
  | 'numbered'
  /** "Second try · fork of “Original” @ round 5 · finished · 14:02:31": a family's branches by name. */
  | 'named';

/** A label per run id, every one distinct (a clash left after all the facts gets " (2)", " (3)", …). */
export function labelRuns(sources: RunLabelSources, style: RunLabelStyle): Map<string, string> {
  const { runs, live, formatTime } = sources;
  const branchOf = new Map(sources.branches.map((branch) => [branch.runId, branch]));
  const numberOf = new Map(runs.map((run, index) => [run.runId, index + 1]));
  const nameOf = (runId: string): string => {
    const branch = branchOf.get(runId);
    if (branch !== undefined) return shorten(branch.name);
    const run = runs.find((candidate) => candidate.runId === runId);
    return shorten(run?.label || 'Run');
  };
  const refer = (runId: string): string => {
    const number = numberOf.get(runId);
    return style === 'numbered' && number !== undefined ? `Run ${number}` : `“${nameOf(runId)}”`;
  };

  const labels = new Map<string, string>();
  const taken = new Set<string>();
  runs.forEach((run, index) => {
    const parts = style === 'numbered' ? [`Run ${index + 1}`, nameOf(run.runId)] : [nameOf(run.runId)];
    const branch = branchOf.get(run.runId);
    if (branch?.parentRunId != null && branch.forkRound !== null) {
      // The fork round in the parent's own numbering (a fork of a fork counts what its parent inherited).
      const round = Math.max(1, Math.floor(branch.forkRound)) + roundOffsetOf(sources.branches, branch.parentRunId);
      parts.push(`fork of ${refer(branch.parentRunId)} @ round ${round}`);
    } else if (run.origin === 'replay' && run.sourceRunId !== undefined) {
      parts.push(`replay of ${refer(run.sourceRunId)}`);
    } else if (run.origin === 'imported') {
      parts.push('imported');
    }
    if (live.get(run.runId)?.edited === true) parts.push('edited');
    const status = statusOf(run, live.get(run.runId));
    if (status !== null) parts.push(status);
    parts.push(formatTime(startOf(run)));
    const base = parts.join(' · ');
    let label = base;
    for (let count = 2; taken.has(label); count += 1) label = `${base} (${count})`;
    taken.add(label);
    labels.set(run.runId, label);
  });
  return labels;
}
