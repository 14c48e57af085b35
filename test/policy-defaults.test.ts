// The UI's copy of the loop-policy defaults must say what the engine does.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOP_POLICIES } from '../src/shared/loop-policies';
import { POLICY_DEFAULTS } from '../src/store/policies/policy-defaults';

describe('loop-policy defaults', () => {
  it('are the same in the engine and in the UI', () => {
    expect(POLICY_DEFAULTS).toEqual(DEFAULT_LOOP_POLICIES);
  });
});
