import { describe, expect, it } from 'vitest';
import { migrateTranscript } from './migrate-transcript';
import type { TranscriptMigrations } from './migrate-transcript';

// A made-up history of formats: v1 had `title`, v2 renamed it to `name`, v3 added `tags`.
const migrations: TranscriptMigrations = {
  1: ({ title, ...rest }) => ({ ...rest, name: title }),
  2: (value) => ({ ...value, tags: [] }),
};

describe('migrateTranscript', () => {
  it('leaves a current-version file as it is', () => {
    const value = { version: 3, runId: 'r' };
    expect(migrateTranscript(value)).toEqual({ ok: true, value, from: 3, steps: 0 });
  });

  it('takes a version-1 or version-2 file to version 3 without inventing any record (no pauses)', () => {
    const v1 = { version: 1, runId: 'r', rounds: [{ round: 1, toolCalls: [{ id: 'c' }] }] };
    expect(migrateTranscript(v1)).toEqual({ ok: true, value: { ...v1, version: 3 }, from: 1, steps: 2 });
    const v2 = { ...v1, version: 2 };
    expect(migrateTranscript(v2)).toEqual({ ok: true, value: { ...v2, version: 3 }, from: 2, steps: 1 });
  });

  it('walks every step from an old version to the current one', () => {
    const outcome = migrateTranscript({ version: 1, title: 'Paris' }, migrations, 3);
    expect(outcome).toEqual({ ok: true, value: { version: 3, name: 'Paris', tags: [] }, from: 1, steps: 2 });
    expect(migrateTranscript({ version: 2, name: 'Oslo' }, migrations, 3)).toMatchObject({
      ok: true,
      value: { version: 3, name: 'Oslo', tags: [] },
      steps: 1,
    });
  });

  it('refuses a file from a newer Loupe and says to update', () => {
    const outcome = migrateTranscript({ version: 7 });
    expect(outcome).toMatchObject({ ok: false, expected: 'a version number from 1 to 3' });
    expect(outcome.ok ? '' : outcome.got).toContain('newer Loupe');
  });

  it.each([['1'], [0], [1.5], [null], [undefined]])('refuses version %j', (version) => {
    expect(migrateTranscript({ version }).ok).toBe(false);
  });

  it('refuses a version the registry has no step for', () => {
    const outcome = migrateTranscript({ version: 1 }, {}, 2);
    expect(outcome).toMatchObject({ ok: false });
    expect(outcome.ok ? '' : outcome.got).toContain('no step from 1');
  });
});
