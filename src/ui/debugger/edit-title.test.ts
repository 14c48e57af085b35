import { describe, expect, it } from 'vitest';
import { editTitle } from './edit-title';

describe('editTitle', () => {
  it('names a field the request did not have as (none), on either side', () => {
    expect(editTitle({ what: 'request.temperature', before: undefined, after: 0.25 })).toBe(
      'before: (none)\nafter: 0.25',
    );
    expect(editTitle({ what: 'request.toolChoice', before: { type: 'auto' }, after: undefined }, 400)).toBe(
      'before: {"type":"auto"}\nafter: (none)',
    );
  });

  it('cuts each side to the limit', () => {
    const title = editTitle({ what: 'request.system', before: 'a'.repeat(1000), after: 'b' }, 10);
    expect(title).toBe(`before: "${'a'.repeat(9)}\nafter: "b"`);
  });
});
