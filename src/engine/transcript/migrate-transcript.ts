// Pure: brings a transcript of an older format version up to the current one, one version at a time.
import { TRANSCRIPT_VERSION } from './transcript';

/** Turns a parsed transcript of version N into one of version N + 1 (keys: N). */
export type TranscriptMigrations = Readonly<
  Record<number, (value: Record<string, unknown>) => Record<string, unknown>>
>;

/**
 * Every migration Loupe knows. Version 1 is the first format, so there is nothing to migrate yet; a
 * format change adds `1: (v1) => v2` here, bumps `TRANSCRIPT_VERSION`, and keeps the v1 fixtures
 * under `test/fixtures/transcripts/v1/` importing (the fixture test walks every version folder).
 */
export const TRANSCRIPT_MIGRATIONS: TranscriptMigrations = {};

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
