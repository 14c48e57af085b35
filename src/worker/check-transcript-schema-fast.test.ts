import { readdirSync, readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import type { Schema } from '@cfworker/json-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import schema from '../../docs/transcript.schema.json';
import {
  buildTranscriptValidatorSource,
  GENERATED_PATH,
  withTagSwitches,
} from '../../scripts/transcript-validator/build-transcript-validator';
import { checkTranscriptSchema, loadFastTranscriptCheck } from './check-transcript-schema';
import { validate as isValidTranscript } from './generated/validate-transcript-fast';

type Json = Record<string, unknown> & {
  messages: { role: string; content: Record<string, unknown>[] }[];
  rounds: Record<string, unknown>[];
};

const current = new URL('../../test/fixtures/transcripts/v3/', import.meta.url);
const fixtures = readdirSync(current).filter((name) => name.endsWith('.json'));
const load = (name = 'every-v2-record.json'): Json => JSON.parse(readFileSync(new URL(name, current), 'utf8')) as Json;
const full = new Validator(schema as unknown as Schema, '2020-12', false);

/** Hostile and broken edits of a valid transcript: each must be judged the same by both passes. */
const edits: [string, 'valid' | 'refused', (file: Json) => unknown][] = [
  ['nothing changed', 'valid', (file) => file],
  ['a required field gone', 'refused', ({ rounds: _rounds, ...rest }) => rest],
  ['a field the format does not know', 'refused', (file) => ({ ...file, extra: 1 })],
  [
    'an own __proto__ key at the top',
    'refused',
    (file) => JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(file).slice(1)}`) as unknown,
  ],
  // Blocks are open objects (extra fields are allowed), so this one is valid, and the key stays an own key.
  [
    'an own __proto__ key in a block',
    'valid',
    (file) =>
      JSON.parse(JSON.stringify(file).replace('"type":"text"', '"__proto__":{"type":"x"},"type":"text"')) as unknown,
  ],
  ['a block of an unknown type', 'refused', (file) => push(file, { type: 'video', url: 'x' })],
  ['a text block without text', 'refused', (file) => push(file, { type: 'text' })],
  // The compiled check picks a block's schema by its `type` (withTagSwitches): tags that fit no kind, or no tag.
  ['a block with a numeric type', 'refused', (file) => push(file, { type: 7, text: 'x' })],
  ['a block with no type', 'refused', (file) => push(file, { text: 'x' })],
  ['a block with type __proto__', 'refused', (file) => push(file, { type: '__proto__', text: 'x' })],
  ['a block with type toString', 'refused', (file) => push(file, { type: 'toString', text: 'x' })],
  [
    'a tool_use block inside a tool result',
    'refused',
    (file) =>
      push(file, {
        type: 'tool_result',
        tool_use_id: 'x',
        content: [{ type: 'tool_use', id: 'y', name: 'a', input: {} }],
      }),
  ],
  [
    'a text block inside a tool result',
    'valid',
    (file) => push(file, { type: 'tool_result', tool_use_id: 'x', content: [{ type: 'text', text: 'ok' }] }),
  ],
  ['an empty tool_use id', 'refused', (file) => push(file, { type: 'tool_use', id: '', name: 'a', input: {} })],
  ['an astral one-character id', 'valid', (file) => push(file, { type: 'tool_use', id: '😀', name: 'a', input: {} })],
  ['createdAt not a date-time', 'refused', (file) => ({ ...file, createdAt: '2024-13-45T99:00:00Z' })],
  ['createdAt with an offset', 'valid', (file) => ({ ...file, createdAt: '2024-02-29T23:59:59+05:30' })],
  ['a limit finish reason', 'valid', (file) => ({ ...file, finishReason: 'limit:tool-calls' })],
  ['a finish reason like a limit', 'refused', (file) => ({ ...file, finishReason: 'limit:Rounds!' })],
  ['a round number 0', 'refused', (file) => ((file.rounds[0]!['round'] = 0), file)],
  ['a fractional round number', 'refused', (file) => ((file.rounds[0]!['round'] = 1.5), file)],
  ['a message with no blocks', 'refused', (file) => (file.messages.push({ role: 'user', content: [] }), file)],
  ['a string where rounds go', 'refused', (file) => ({ ...file, rounds: 'many' })],
  ['a text of 5 million characters', 'valid', (file) => push(file, { type: 'text', text: 'x'.repeat(5_000_000) })],
  ['an array at the top', 'refused', () => []],
  ['null at the top', 'refused', () => null],
];

function push(file: Json, block: Record<string, unknown>): Json {
  file.messages[0]!.content.push(block);
  return file;
}

describe('the compiled transcript check', () => {
  beforeAll(loadFastTranscriptCheck);

  it('is the schema as it is now (run npm run gen:transcript-validator after changing it)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(buildTranscriptValidatorSource());
  });

  it('switches on the type of exactly the block unions, and keeps every other anyOf', () => {
    const switched = JSON.stringify(withTagSwitches(schema));
    expect(switched.match(/"discriminator"/g)).toHaveLength(4);
    expect(switched.match(/"anyOf"/g)).toHaveLength(JSON.stringify(schema).match(/"anyOf"/g)!.length - 4);
    expect(withTagSwitches({ anyOf: [{ type: 'null' }, { type: 'string' }] })).toEqual({
      anyOf: [{ type: 'null' }, { type: 'string' }],
    });
  });

  it.each(fixtures)('accepts the v3 fixture %s, as the error-collecting pass does', (name) => {
    expect(isValidTranscript(load(name))).toBe(true);
    expect(full.validate(load(name)).valid).toBe(true);
  });

  it.each(edits)('judges %s as the error-collecting pass does: %s', (_name, verdict, edit) => {
    const value = edit(load());
    expect(isValidTranscript(value)).toBe(verdict === 'valid');
    expect(full.validate(value).valid).toBe(verdict === 'valid');
  });

  it('words a refused file with the error-collecting pass, prototype untouched', () => {
    for (const [, verdict, edit] of edits) {
      const value = edit(load());
      const problems = checkTranscriptSchema(value);
      if (verdict === 'valid') expect(problems).toEqual([]);
      else expect(problems.length).toBeGreaterThan(0);
      expect(problems.length).toBeLessThanOrEqual(50);
    }
    const proto = edits[3]![2](load());
    expect(checkTranscriptSchema(proto)).toContainEqual(expect.objectContaining({ path: '__proto__' }));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('checks a run of 20,000 messages and refuses one bad block at its end', () => {
    const file = load();
    const message = file.messages[0]!;
    file.messages = Array.from({ length: 20_000 }, () => message);
    expect(checkTranscriptSchema(file)).toEqual([]);
    file.messages.push({ role: 'user', content: [{ type: 'text', text: 7 }] });
    expect(checkTranscriptSchema(file)).toEqual([
      { path: 'messages[20000].content[0].text', expected: 'a string', got: 'number 7' },
    ]);
  });
});
