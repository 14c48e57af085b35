import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTranscript } from './build-transcript';
import { foldHistory } from './fold-history';
import type { Transcript } from './transcript';
import { transcriptToEvents } from './transcript-to-events';

const dir = new URL('../../../test/fixtures/transcripts/v1/', import.meta.url);
const fixtures = readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('transcriptToEvents', () => {
  it.each(fixtures)('%s unfolds into events that fold back into the same transcript', (name) => {
    const transcript = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Transcript;
    const events = transcriptToEvents(transcript);
    const { createdAt, app, settings, servers } = transcript;
    expect(buildTranscript(events, { createdAt, app, settings, servers })).toEqual(transcript);
    expect(foldHistory(events)).toEqual(transcript.messages);
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(transcript.finishReason === null ? 0 : 1);
  });
});
