// Each suite's recent results per case, kept on this device: one point per "Run ×N" (runs passed per model),
// the last few only, so the Tests panel can show a trend. Pure.
import { isRunPassed, type CaseRun } from '../../suite/summarize-runs';

/** One batch of one case: when it ended and, per model, how many of its runs passed. */
export interface TrendPoint {
  at: number;
  models: { model: string; passed: number; runs: number }[];
}

/** Points per `trendKey(suite, case)`, oldest first. */
export type TrendHistory = Record<string, TrendPoint[]>;

/** Points kept per case. */
export const MAX_TREND_POINTS = 10;

/** A case's key: cases are named by id within their suite, and two suites may reuse an id. */
export const trendKey = (suiteName: string, caseId: string): string => `${suiteName}\u0000${caseId}`;

/** The point a finished batch adds; undefined when no run was made. */
export function trendPointOf(runs: readonly CaseRun[], at: number): TrendPoint | undefined {
  if (runs.length === 0) return undefined;
  const labels = [...new Set(runs.map((run) => run.modelLabel))];
  return {
    at,
    models: labels.map((model) => {
      const mine = runs.filter((run) => run.modelLabel === model);
      return { model, passed: mine.filter(isRunPassed).length, runs: mine.length };
    }),
  };
}

/** `history` with `point` added to `key`, the oldest dropped past the limit. */
export function appendTrend(history: TrendHistory, key: string, point: TrendPoint): TrendHistory {
  return { ...history, [key]: [...(history[key] ?? []), point].slice(-MAX_TREND_POINTS) };
}

const isPoint = (value: unknown): value is TrendPoint => {
  const point = value as TrendPoint | null;
  return (
    typeof point === 'object' &&
    point !== null &&
    typeof point.at === 'number' &&
    Array.isArray(point.models) &&
    point.models.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.model === 'string' &&
        Number.isInteger(entry.passed) &&
        Number.isInteger(entry.runs),
    )
  );
};

/** What storage held, keeping only well-formed points (storage is shared with anything on this origin). */
export function readTrendHistory(value: unknown): TrendHistory {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const history: TrendHistory = {};
  for (const [key, points] of Object.entries(value))
    if (Array.isArray(points)) history[key] = points.filter(isPoint).slice(-MAX_TREND_POINTS);
  return history;
}
