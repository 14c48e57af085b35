import { describe, expect, it } from 'vitest';
import { formatRate, formatUsd, formatWindow } from './format-cost';

describe('formatUsd', () => {
  it.each([
    [0, '$0'],
    [0.0000004, '< $0.000001'],
    [0.000042, '$0.000042'],
    [0.0000427, '$0.000043'],
    [0.004375, '$0.0044'],
    [0.0006087, '$0.00061'],
    [0.00123, '$0.0012'],
    [0.0123, '$0.0123'],
    [0.5, '$0.5000'],
    [12.345, '$12.35'],
  ])('%f → %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });
});

describe('formatWindow and formatRate', () => {
  it('shortens windows and prices', () => {
    expect(formatWindow(128_000)).toBe('128k');
    expect(formatWindow(1_047_576)).toBe('1.05M');
    expect(formatWindow(1_000_000)).toBe('1M');
    expect(formatRate(0.075)).toBe('$0.075');
    expect(formatRate(3)).toBe('$3');
  });
});
