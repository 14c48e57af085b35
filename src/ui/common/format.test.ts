import { describe, expect, it } from 'vitest';
import { formatDuration, formatTokens } from './format';

describe('format', () => {
  it('formats durations by magnitude', () => {
    expect(formatDuration(undefined)).toBe('–');
    expect(formatDuration(850.4)).toBe('850 ms');
    expect(formatDuration(1240)).toBe('1.24 s');
    expect(formatDuration(125_000)).toBe('2 m 05 s');
  });

  it('groups token counts', () => {
    expect(formatTokens(1234)).toBe('1,234');
    expect(formatTokens(undefined)).toBe('–');
  });
});
