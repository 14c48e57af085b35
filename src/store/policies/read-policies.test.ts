import { describe, expect, it } from 'vitest';
import { countChangedPolicies, effectivePolicies } from './policy-defaults';
import { readPolicies } from './read-policies';

describe('stored loop policies', () => {
  it('keeps well-formed fields and drops bad ones one by one', () => {
    expect(
      readPolicies({
        limits: { maxToolCalls: 5, wallTimeMs: -1, maxCostUsd: 0.5, maxTotalTokens: 'many' },
        atLimit: 'fallback-brief',
        duplicates: 'sometimes',
        maxConcurrency: 0,
        maxConcurrencyPerServer: 2,
        eagerStart: false,
        sequentialTools: ['a', 'b'],
        directOutputTools: [1],
      }),
    ).toEqual({
      limits: { maxToolCalls: 5, maxCostUsd: 0.5 },
      atLimit: 'fallback-brief',
      maxConcurrencyPerServer: 2,
      eagerStart: false,
      sequentialTools: ['a', 'b'],
    });
    expect(readPolicies('nonsense')).toEqual({});
  });

  it('keeps No round limit only when it is true', () => {
    expect(readPolicies({ limits: { wallTimeMs: 60_000, noRoundLimit: true } })).toEqual({
      limits: { wallTimeMs: 60_000, noRoundLimit: true },
    });
    expect(readPolicies({ limits: { noRoundLimit: 'yes' } })).toEqual({});
  });

  it('fills the defaults and counts what the person changed', () => {
    const settings = { atLimit: 'stop' as const, limits: { maxToolCalls: 3 }, retryBudget: 3 };
    expect(effectivePolicies(settings)).toMatchObject({
      atLimit: 'stop',
      duplicates: 'warn',
      limits: { maxToolCalls: 3 },
    });
    expect(countChangedPolicies(settings)).toBe(2);
  });
});
