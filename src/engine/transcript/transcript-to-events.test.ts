import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTranscript } from './build-transcript';
import { foldHistory } from './fold-history';
import type { Transcript } from './transcript';
import { transcriptToEvents } from './transcript-to-events';

const v1 = new URL('../../../test/fixtures/transcripts/v1/', import.meta.url);
const v2 = new URL('../../../test/fixtures/transcripts/v2/', import.meta.url);
const v3 = new URL('../../../test/fixtures/transcripts/v3/', import.meta.url);
const namesIn = (dir: URL) => readdirSync(dir).filter((name) => name.endsWith('.json'));
const read = (dir: URL, name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Transcript;

describe('transcriptToEvents', () => {
  it.each(namesIn(v3))('%s (v3) unfolds into events that fold back into the same transcript', (name) => {
    const transcript = read(v3, name);
    const events = transcriptToEvents(transcript);
    const { createdAt, app, settings, servers, branch, branches } = transcript;
    const rebuilt = buildTranscript(events, { createdAt, app, settings, servers });
    // The family (branch, branches) is added by the worker around the fold, not by it.
    expect({ ...rebuilt, ...(branch ? { branch } : {}), ...(branches ? { branches } : {}) }).toEqual(transcript);
    expect(foldHistory(events)).toEqual(transcript.messages);
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(transcript.finishReason === null ? 0 : 1);
  });

  it.each(namesIn(v2))('%s (v2) folds back into its v3 fixture, with nothing invented', (name) => {
    const transcript = read(v2, name);
    const { createdAt, app, settings, servers, branch, branches } = transcript;
    const rebuilt = buildTranscript(transcriptToEvents(transcript), { createdAt, app, settings, servers });
    const family = { ...(branch ? { branch } : {}), ...(branches ? { branches } : {}) };
    expect({ ...rebuilt, ...family }).toEqual(read(v3, name));
  });

  it.each(namesIn(v1))('%s (v1) folds back into its v3 fixture, with nothing invented', (name) => {
    const transcript = read(v1, name);
    const events = transcriptToEvents(transcript);
    const { createdAt, app, settings, servers } = transcript;
    const rebuilt = buildTranscript(events, { createdAt, app, settings, servers });
    expect(rebuilt).toEqual(read(v3, name));
    // Only the limit named by a v1 finish reason becomes a record; nothing else appears.
    const { version: _a, limits: _b, ...rest } = rebuilt;
    const { version: _c, ...old } = transcript;
    expect(rest).toEqual(old);
  });

  it('carries every v2 record: call progress and logs, notices, policy acts, tool-list change, price', () => {
    const transcript = read(v3, 'every-v2-record.json');
    const events = transcriptToEvents(transcript);
    expect(events[0]).toMatchObject({ type: 'run-start', price: { input: 3, output: 15 } });
    const types = events.map((event) => event.type);
    expect(types.filter((type) => type === 'tool-call-progress')).toHaveLength(2);
    expect(types.filter((type) => type === 'tool-call-log')).toHaveLength(3);
    // The tool-list change and its policy act come before their round starts, as in a live run.
    const update = types.indexOf('tools-update');
    expect(events[update]).toMatchObject({ round: 2 });
    expect(types[update + 1]).toBe('policy-act');
    expect(events.findIndex((event) => event.type === 'round-start' && event.round === 2)).toBeGreaterThan(update);
    // Logs and progress sit between their call's start and end.
    const start = types.indexOf('tool-call-start');
    const end = types.indexOf('tool-call-end');
    expect(types.slice(start + 1, end).sort()).toEqual([
      'tool-call-log',
      'tool-call-log',
      'tool-call-progress',
      'tool-call-progress',
    ]);
    expect(foldHistory(events)).toEqual(transcript.messages);
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(transcript.finishReason === null ? 0 : 1);
  });
});
