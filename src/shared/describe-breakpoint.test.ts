import { describe, expect, it } from 'vitest';
import { describeBreakpoint } from './describe-breakpoint';

describe('describeBreakpoint', () => {
  it('labels each kind in the words the debugger lists and a pause reason carries', () => {
    expect(
      [
        { kind: 'tool', toolName: 'demo__weather_get' },
        { kind: 'compaction' },
        { kind: 'tool-error' },
        { kind: 'stop-reason', stopReason: 'max_tokens' },
        { kind: 'round', round: 3 },
      ].map((breakpoint) => describeBreakpoint(breakpoint as Parameters<typeof describeBreakpoint>[0])),
    ).toEqual(['tool demo__weather_get', 'before a compaction', 'any tool error', 'stop reason max_tokens', 'round 3']);
  });
});
