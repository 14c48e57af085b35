import { describe, expect, it } from 'vitest';
import { describeListingFreshness, formatLifetime } from './describe-listing-freshness';

const clock = (epochMs: number) => `T${epochMs}`;

describe('describeListingFreshness', () => {
  it('says a kept copy is cached and until when it is fresh', () => {
    expect(describeListingFreshness({ fromCache: true, freshUntil: 241_000 }, 1_000, clock)).toBe(
      'Cached · fresh for 4 min (until T241000)',
    );
  });

  it('says a listing from the server is kept, or not kept at all', () => {
    expect(describeListingFreshness({ fromCache: false, freshUntil: 301_000 }, 1_000, clock)).toBe(
      'Listed just now · kept for 5 min (until T301000)',
    );
    expect(describeListingFreshness({ fromCache: false }, 1_000, clock)).toBe('Listed just now');
    expect(describeListingFreshness(undefined, 1_000, clock)).toBe('Listed just now');
  });

  it('never claims freshness that ran out (or a clock that went back past it)', () => {
    expect(describeListingFreshness({ fromCache: true, freshUntil: 1_000 }, 1_000, clock)).toBe(
      'Cached · no longer fresh',
    );
    expect(describeListingFreshness({ fromCache: false, freshUntil: 0 }, 1_000, clock)).toBe('Listed just now');
  });
});

describe('formatLifetime', () => {
  it('rounds up to whole seconds, minutes, hours and minutes', () => {
    expect(formatLifetime(1)).toBe('1 s');
    expect(formatLifetime(59_001)).toBe('1 min');
    expect(formatLifetime(40_000)).toBe('40 s');
    expect(formatLifetime(3_600_000)).toBe('1 h');
    expect(formatLifetime(86_400_000)).toBe('24 h');
    expect(formatLifetime(7_500_000)).toBe('2 h 5 min');
  });
});
