import { describe, expect, it } from 'vitest';
import { describeTask } from './call-progress';

describe('describeTask', () => {
  it('says the status, the whole seconds the call has run and the server’s message', () => {
    expect(describeTask({ id: 't1', status: 'working', message: 'Step 2 of 3' }, 1_000, 4_999)).toBe(
      'Task working · 3 s · Step 2 of 3',
    );
  });

  it('leaves out what it does not know, and never counts back from a clock that went backwards', () => {
    expect(describeTask({ id: 't1', status: 'input_required' }, undefined, 5_000)).toBe('Task input_required');
    expect(describeTask({ id: 't1', status: 'working', message: '' }, 9_000, 5_000)).toBe('Task working · 0 s');
  });
});
