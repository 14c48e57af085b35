// importText, the worker's read of an imported file (kept from session-commands-read.test.ts when run-events-read,
// the page's chunked read of a kept run, went: `run-view` sends it, tested in worker/sessions/run-view.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_TRANSCRIPT_BYTES } from '../protocol/session-messages';
import { importText } from './session-commands';

const text = readFileSync(new URL('../../test/fixtures/transcripts/v3/every-v2-record.json', import.meta.url), 'utf8');

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
