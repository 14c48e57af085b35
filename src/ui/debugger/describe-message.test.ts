import { describe, expect, it } from 'vitest';
import { describeMessage } from './describe-message';

describe('describeMessage', () => {
  it('numbers from 1 and counts repeated block kinds', () => {
    expect(
      describeMessage(
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'a', name: 'w', input: {} },
            { type: 'tool_use', id: 'b', name: 'w', input: {} },
          ],
        },
        1,
      ),
    ).toBe('#2 assistant · text, 2× tool_use');
    expect(describeMessage({ role: 'user', content: [] }, 0)).toBe('#1 user · empty');
  });
});
