// `--baseline <results.json>`: what changed since a kept run, per case and model — pass → fail and back,
// the tool path, and cost and latency beyond a tolerance. Pure.
import type { ResultRun, ResultsFile } from './results-file';
import { usualToolPath } from './usual-tool-path';

export type BaselineChange =
  | { kind: 'now-failing'; caseName: string; model: string; failing: string[] }
  | { kind: 'now-passing'; caseName: string; model: string }
  | { kind: 'tool-path'; caseName: string; model: string; before: string; after: string }
  | { kind: 'cost' | 'latency'; caseName: string; model: string; before: number; after: number }
  | { kind: 'new'; caseName: string; model: string };

/** Relative change of cost or latency that counts (0.25: a quarter more or less). */
export const DEFAULT_TOLERANCE = 0.25;

const keyOf = (run: ResultRun) => `${run.caseId}\u0000${run.model}`;

function groupRuns(file: ResultsFile): Map<string, ResultRun[]> {
  const groups = new Map<string, ResultRun[]>();
  for (const run of file.runs) groups.set(keyOf(run), [...(groups.get(keyOf(run)) ?? []), run]);
  return groups;
}

/** The path most runs that were made took. */
const usualPath = (runs: readonly ResultRun[]): string =>
  usualToolPath(runs.filter((run) => run.error === undefined).map((run) => run.toolPath));

function meanOf(runs: readonly ResultRun[], pick: (run: ResultRun) => number | null): number | null {
  const values = runs.map(pick).filter((value): value is number => value !== null);
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function beyond(before: number, after: number, tolerance: number): boolean {
  // From nothing to something is a change of any size.
  if (before === 0) return after !== 0;
  return Math.abs(after - before) / before > tolerance;
}

/** Changes of `current` against `baseline`, for the case/model pairs `current` ran (a shard compares its own). */
export function diffBaseline(
  current: ResultsFile,
  baseline: ResultsFile,
  tolerance = DEFAULT_TOLERANCE,
): BaselineChange[] {
  const before = groupRuns(baseline);
  const changes: BaselineChange[] = [];
  for (const [key, runs] of groupRuns(current)) {
    const first = runs[0];
    if (first === undefined) continue;
    const where = { caseName: first.caseName, model: first.model };
    const was = before.get(key);
    if (was === undefined) {
      changes.push({ kind: 'new', ...where });
      continue;
    }
    const passedBefore = was.every((run) => run.passed);
    const passedNow = runs.every((run) => run.passed);
    if (passedBefore && !passedNow) {
      const failing = new Set(
        runs.flatMap((run) => [
          ...(run.error === undefined ? [] : [`could not run: ${run.error}`]),
          ...run.checks.filter((check) => check.outcome === 'fail').map((check) => check.expectation),
        ]),
      );
      changes.push({ kind: 'now-failing', ...where, failing: [...failing] });
    }
    if (!passedBefore && passedNow) changes.push({ kind: 'now-passing', ...where });
    const pathBefore = usualPath(was);
    const pathNow = usualPath(runs);
    if (pathBefore !== pathNow) changes.push({ kind: 'tool-path', ...where, before: pathBefore, after: pathNow });
    for (const kind of ['cost', 'latency'] as const) {
      const pick = (run: ResultRun) => (kind === 'cost' ? run.costUsd : run.latencyMs);
      const [old, now] = [meanOf(was, pick), meanOf(runs, pick)];
      if (old !== null && now !== null && beyond(old, now, tolerance))
        changes.push({ kind, ...where, before: old, after: now });
    }
  }
  return changes;
}

const amount = (kind: 'cost' | 'latency', value: number) =>
  kind === 'cost' ? `$${value.toFixed(4)}` : `${Math.round(value)} ms`;

/** The section the command prints: its first line always starts `Changed since baseline`. */
export function renderBaselineDiff(changes: readonly BaselineChange[], baselineName: string): string[] {
  if (changes.length === 0) return [`Changed since baseline (${baselineName}): nothing`];
  const lines = [`Changed since baseline (${baselineName}): ${changes.length} change(s)`];
  for (const change of changes) {
    const who = `${change.caseName} · ${change.model}`;
    if (change.kind === 'now-failing')
      lines.push(`  ✗ ${who}: passed → failed (${change.failing.join('; ') || 'a run failed'})`);
    else if (change.kind === 'now-passing') lines.push(`  ✓ ${who}: failed → passed`);
    else if (change.kind === 'tool-path') lines.push(`  ~ ${who}: tool path ${change.before} ⇒ ${change.after}`);
    else if (change.kind === 'new') lines.push(`  + ${who}: not in the baseline`);
    else {
      const percent =
        change.before === 0
          ? ''
          : ` (${change.after >= change.before ? '+' : ''}${Math.round(((change.after - change.before) / change.before) * 100)}%)`;
      lines.push(
        `  ~ ${who}: ${change.kind} ${amount(change.kind, change.before)} ⇒ ${amount(change.kind, change.after)}${percent}`,
      );
    }
  }
  return lines;
}
