import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../shared/json-depth';
import { importTranscript } from './import-transcript';

const acceptAll = () => [];

describe('importTranscript depth limit', () => {
  it('refuses a file nested 100,000 levels deep with a plain problem, before parsing it', () => {
    const text = `{"format":"loupe-transcript","version":1,"messages":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const outcome = importTranscript(text, acceptAll);
    expect(outcome).toEqual({
      ok: false,
      problems: [
        {
          path: '(file)',
          expected: `JSON nested at most ${MAX_JSON_DEPTH} levels deep`,
          got: expect.stringContaining(`more than ${MAX_JSON_DEPTH} levels deep`) as string,
        },
      ],
    });
  });

  it('lets the limit itself through to the next checks', () => {
    const inner = '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1);
    const outcome = importTranscript(`{"format":"other","x":${inner}}`, acceptAll);
    expect(outcome).toMatchObject({ ok: false, problems: [{ path: 'format' }] });
  });
});
