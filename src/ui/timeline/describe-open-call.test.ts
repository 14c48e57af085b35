import { describe, expect, it } from 'vitest';
import { describeOpenCall } from './describe-open-call';

describe('describeOpenCall', () => {
  it('says a call held at a pause is paused, not that the model is still writing it', () => {
    expect(describeOpenCall({ status: 'pending', input: { city: 'Paris' } }, true)).toMatch(/^Paused before it runs/);
  });
  it('tells a finished call waiting its turn from one the model is still writing', () => {
    expect(describeOpenCall({ status: 'pending', input: {} }, false)).toBe('Not run yet: waiting for its turn.');
    expect(describeOpenCall({ status: 'pending' }, false)).toBe('The model is writing the call…');
  });
  it('keeps running and queued as they are, paused or not', () => {
    expect(describeOpenCall({ status: 'running' }, true)).toBe('Running…');
    expect(describeOpenCall({ status: 'queued' }, false)).toMatch(/free slot/);
  });
});
