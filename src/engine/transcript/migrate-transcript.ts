// Pure: brings a transcript of an older format version up to the current one, one version at a time.
import { TRANSCRIPT_VERSION } from './transcript';

/** Turns a parsed transcript of version N into one of version N + 1 (keys: N). */
export type TranscriptMigrations = Readonly<
  Record<number, (value: Record<string, unknown>) => Record<string, unknown>>
>;

/**
 * Every migration Loupe knows. A format change adds `N: (vN) => vN+1` here, bumps `TRANSCRIPT_VERSION`, and
 * keeps the older fixtures under `test/fixtures/transcripts/vN/` importing (the fixture tests walk every
 * version folder).
 *
 * 1 → 2: version 2 only adds optional records (call progress and logs, round notices, policy actions and
 * tool-list changes, the limits reached, the run's own branch). A version-1 file did not record them, and
 * nothing may be invented in their place: its limit is still read from `finishReason`, its branch is still
 * placed by its first request, and its costs use its `settings.price` when it has one.
 *
 * 2 → 3: version 3 adds the debugging trail (`rounds[].pauses`: where the loop was held, by what, and the answer)
 * and `settings.policies.limits.noRoundLimit`. A version-2 file recorded its edits but not its pauses; none are
 * invented, so it imports with its edits and no pause marks.
 */
export const TRANSCRIPT_MIGRATIONS: TranscriptMigrations = {
  1: (v1) => v1,
  2: (v2) => v2,
};

export type MigrationOutcome =
  | { ok: true; value: Record<string, unknown>; from: number; steps: number }
  | { ok: false; expected: string; got: string };

/**
 * Migrates `value` (whose `version` was read from the file) to `target`. Refuses versions that are not
 * positive integers, newer than `target` (written by a later Loupe) or with a gap in the registry.
 */
export function migrateTranscript(
  value: Record<string, unknown>,
  migrations: TranscriptMigrations = TRANSCRIPT_MIGRATIONS,
  target: number = TRANSCRIPT_VERSION,
): MigrationOutcome {
  const version = value['version'];
  const expected = `a version number from 1 to ${target}`;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { ok: false, expected, got: JSON.stringify(version) ?? 'nothing' };
  if (version > target)
    return {
      ok: false,
      expected,
      got: `version ${version}, written by a newer Loupe: update Loupe to open it`,
    };
  let current = value;
  for (let step = version; step < target; step += 1) {
    const migrate = migrations[step];
    if (migrate === undefined)
      return { ok: false, expected, got: `version ${version}, which this Loupe cannot migrate (no step from ${step})` };
    current = { ...migrate(current), version: step + 1 };
  }
  return { ok: true, value: current, from: version, steps: target - version };
}
