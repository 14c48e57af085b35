import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import { buildTranscript } from '../engine/transcript/build-transcript';
import type { Transcript } from '../engine/transcript/transcript';
import { createRunMemory, decodeRunEvents } from '../protocol/run-event-codec';
import { RunRegistry } from './run-registry';
import { MAX_TRANSCRIPT_BYTES } from '../protocol/session-messages';
import { createSessionCommands, importText, toImportReply } from './session-commands';
import { checkTranscriptSchema } from './check-transcript-schema';

const text = readFileSync(new URL('../../test/fixtures/transcripts/v3/every-v2-record.json', import.meta.url), 'utf8');

function imported() {
  const runs = new RunRegistry();
  const commands = createSessionCommands({
    runs,
    appVersion: 'test',
    now: () => 0,
    createModel: () => {
      throw new Error('no model');
    },
    startRun: () => undefined,
  });
  const outcome = commands.importTranscript({ type: 'transcript-import', runId: 'imp', text }, checkTranscriptSchema);
  if (!outcome.ok) throw new Error('the fixture imports');
  return { commands, outcome, runs };
}

describe('run-events-read: an imported run read in chunks', () => {
  it('replies with counts, and the chunks read in order decode to the same run', () => {
    const { commands, outcome } = imported();
    const reply = toImportReply(outcome);
    expect(reply).toMatchObject({ ok: true, eventCount: outcome.events.length });
    expect(reply).not.toHaveProperty('events');
    for (const limit of [1, 4, 1000]) {
      const memory = createRunMemory();
      const read: RunEvent[] = [];
      for (let from = 0; from < outcome.events.length;) {
        const chunk = structuredClone(commands.readEvents({ type: 'run-events-read', runId: 'imp', from, limit }));
        expect(chunk.total).toBe(outcome.events.length);
        expect(chunk.next).toBe(Math.min(from + limit, outcome.events.length));
        read.push(...decodeRunEvents(memory, chunk.events));
        from = chunk.next;
      }
      const transcript = JSON.parse(text) as Transcript;
      const { createdAt, app, settings, servers } = transcript;
      const meta = { createdAt, app, settings, servers };
      expect(JSON.stringify(buildTranscript(read, meta))).toBe(JSON.stringify(buildTranscript(outcome.events, meta)));
    }
  });

  it('bounds what it is asked (negative, fractional, huge or missing numbers) and refuses an unknown run', () => {
    const { commands, outcome } = imported();
    const total = outcome.events.length;
    const read = (from: number, limit: number) =>
      commands.readEvents({ type: 'run-events-read', runId: 'imp', from, limit });
    expect(read(-5, 2).next).toBe(2);
    expect(read(1.7, 2.9).next).toBe(3);
    expect(read(0, 1e12).next).toBe(Math.min(total, 5000));
    expect(read(Number.NaN, Number.NaN).next).toBe(1);
    expect(read(total + 10, 5)).toEqual({ events: [], next: total, total });
    expect(() => commands.readEvents({ type: 'run-events-read', runId: 'nope', from: 0, limit: 1 })).toThrow(
      /No run with id nope/,
    );
  });
});

describe('importText: the worker reads the file', () => {
  it('reads a file the page sent, and refuses one over the cap without reading it', async () => {
    expect(await importText({ type: 'transcript-import', runId: 'a', file: new Blob([text]) })).toBe(text);
    let read = false;
    const huge = {
      size: MAX_TRANSCRIPT_BYTES + 1,
      text: () => {
        read = true;
        return Promise.resolve('');
      },
    } as unknown as Blob;
    await expect(importText({ type: 'transcript-import', runId: 'b', file: huge })).rejects.toThrow(/over 50 MB/);
    expect(read).toBe(false);
  });
});

describe('run-events-read with readerFrom: a second reader from the middle of a run', () => {
  it('decodes, with a memory of its own, to the same events as the reader from 0', () => {
    const { commands, outcome } = imported();
    const total = outcome.events.length;
    for (const start of [1, Math.floor(total / 2), total - 1]) {
      const memory = createRunMemory();
      const read: RunEvent[] = [];
      for (let from = start; from < total;) {
        const chunk = structuredClone(
          commands.readEvents({ type: 'run-events-read', runId: 'imp', from, limit: 3, readerFrom: start }),
        );
        read.push(...decodeRunEvents(memory, chunk.events));
        from = chunk.next;
      }
      expect(read).toEqual(outcome.events.slice(start));
    }
  });
});
