// Pure: reads a transcript file's text — parse, identify, migrate, validate, repair — and says what was wrong.
import { MAX_JSON_DEPTH, measureJsonTextDepth } from '../../shared/json-depth';
import { repairOwnedHistory } from '../message/repair-history';
import { migrateTranscript, TRANSCRIPT_MIGRATIONS } from './migrate-transcript';
import type { TranscriptMigrations } from './migrate-transcript';
import { describeValue } from './transcript-problem';
import type { TranscriptProblem, TranscriptSchemaCheck } from './transcript-problem';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } from './transcript';
import type { Transcript } from './transcript';

/** The outcome of an import: the transcript and what was changed to make it valid, or every problem. */
export type TranscriptImport =
  | { ok: true; transcript: Transcript; changes: string[]; migratedFrom: number }
  | { ok: false; problems: TranscriptProblem[] };

const FILE = '(file)';

/**
 * Reads `text` as a transcript. Refuses (with one problem per fault, in plain words) anything that is
 * not JSON, not a Loupe transcript, of an unknown version or that breaks the schema; migrates older
 * versions; refuses JSON nested deeper than `MAX_JSON_DEPTH`; then repairs the conversation with `repairHistory` and lists each change it made. The
 * schema check is injected (`checkSchema`) so this stays pure. Never throws.
 */
export function importTranscript(
  text: string,
  checkSchema: TranscriptSchemaCheck,
  migrations: TranscriptMigrations = TRANSCRIPT_MIGRATIONS,
): TranscriptImport {
  if (text.trim() === '') return fail({ path: FILE, expected: 'a Loupe transcript (JSON)', got: 'an empty file' });
  // Before parsing: a value nested deeper than this parses, then overflows the stack wherever it is copied.
  const depth = measureJsonTextDepth(text, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH)
    return fail({
      path: FILE,
      expected: `JSON nested at most ${MAX_JSON_DEPTH} levels deep`,
      got: `objects or arrays nested more than ${MAX_JSON_DEPTH} levels deep (refused: such a file would overflow the stack later)`,
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fail({
      path: FILE,
      expected: 'valid JSON',
      got: `text that is not valid JSON — it may be cut short or not a transcript at all (${detail})`,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return fail({ path: FILE, expected: 'a JSON object (a Loupe transcript)', got: describeValue(parsed) });
  const record = parsed as Record<string, unknown>;
  if (record['format'] !== TRANSCRIPT_FORMAT)
    return fail({
      path: 'format',
      expected: `"${TRANSCRIPT_FORMAT}" (this is not a Loupe transcript)`,
      got: describeValue(record['format']),
    });

  const migrated = migrateTranscript(record, migrations, TRANSCRIPT_VERSION);
  if (!migrated.ok) return fail({ path: 'version', expected: migrated.expected, got: migrated.got });

  const problems = [...checkSchema(migrated.value), ...checkRounds(migrated.value), ...checkCallIds(migrated.value)];
  if (problems.length > 0) return { ok: false, problems };

  const transcript = migrated.value as unknown as Transcript;
  // The messages were parsed just above: owned here, so a history that needs no repair is taken as it is.
  const repair = repairOwnedHistory(transcript.messages);
  const changes = repair.changes.map((change) => `Conversation: ${change}`);
  if (migrated.steps > 0) changes.unshift(`Migrated from format version ${migrated.from} to ${TRANSCRIPT_VERSION}.`);
  return {
    ok: true,
    transcript: { ...transcript, messages: repair.messages },
    changes,
    migratedFrom: migrated.from,
  };
}

function fail(problem: TranscriptProblem): TranscriptImport {
  return { ok: false, problems: [problem] };
}

/** What the schema cannot say: rounds numbered 1, 2, 3 … in order. */
function checkRounds(value: Record<string, unknown>): TranscriptProblem[] {
  const rounds = value['rounds'];
  if (!Array.isArray(rounds)) return [];
  const problems: TranscriptProblem[] = [];
  rounds.forEach((round: unknown, index) => {
    const number = (round as { round?: unknown } | null)?.round;
    // A number that is no whole number is the schema's to report (once).
    if (Number.isInteger(number) && number !== index + 1)
      problems.push({
        path: `rounds[${index}].round`,
        expected: `round number ${index + 1} (rounds in order from 1)`,
        got: describeValue(number),
      });
  });
  return problems;
}

/**
 * What the schema cannot say either: each call id once in the run (the model's calls and its apps' calls), since
 * a call's result, edits and timeline entry are found by its id — a repeat would show or replay the wrong one.
 */
function checkCallIds(value: Record<string, unknown>): TranscriptProblem[] {
  const rounds = value['rounds'];
  if (!Array.isArray(rounds)) return [];
  const firstSeen = new Map<string, string>();
  const problems: TranscriptProblem[] = [];
  rounds.forEach((round: unknown, index) => {
    for (const list of ['toolCalls', 'appCalls'] as const) {
      const calls = (round as Record<string, unknown> | null)?.[list];
      if (!Array.isArray(calls)) continue;
      calls.forEach((call: unknown, at) => {
        const id = (call as { id?: unknown } | null)?.id;
        if (typeof id !== 'string') return;
        const path = `rounds[${index}].${list}[${at}].id`;
        const first = firstSeen.get(id);
        if (first === undefined) firstSeen.set(id, path);
        else
          problems.push({
            path,
            expected: 'a call id used once in the run',
            got: `${describeValue(id)} again (first at ${first})`,
          });
      });
    }
  });
  return problems;
}
