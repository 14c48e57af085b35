import { describe, expect, it } from 'vitest';
import { hintFor, isContextOverflow } from './run-error-alert';

describe('the run error hint', () => {
  it('offers what makes an oversized request fit, whoever said it was too big', () => {
    const llama = { message: 'The request does not fit…', status: 400, errorType: 'exceed_context_size_error' };
    const openai = { message: 'The request does not fit…', status: 400, errorType: 'context_length_exceeded' };
    const anthropic = {
      message: 'prompt is too long: 210000 tokens > 200000 maximum',
      status: 400,
      errorType: 'invalid_request_error',
    };
    for (const error of [llama, openai, anthropic]) {
      expect(isContextOverflow(error)).toBe(true);
      expect(hintFor(error)).toMatch(/fewer tools.*smaller history.*larger context on the server/);
    }
  });

  it('keeps the other hints for other errors', () => {
    expect(isContextOverflow({ message: 'tools[0] is invalid', status: 400 })).toBe(false);
    expect(hintFor({ message: 'tools[0] is invalid', status: 400 })).toBe('Check the settings and run again.');
    expect(hintFor({ message: 'bad key', status: 401 })).toMatch(/API key/);
    expect(hintFor({ message: 'Could not reach http://localhost:8080/v1' })).toBe('Check the settings and run again.');
  });

  it('says a reply that broke off mid-stream needs no change to the settings, and points at Retry round', () => {
    const hint = hintFor({
      message: 'The reply … broke off mid-stream: the connection was lost (terminated).',
      errorType: 'stream_lost',
    });
    expect(hint).toBe(
      'Nothing in the settings needs changing: press Retry round on the failed round to send its request again.',
    );
  });
});
