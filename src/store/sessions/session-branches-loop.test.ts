import { describe, expect, it } from 'vitest';
import type { BranchInfo } from '../../protocol/debug-messages';
import type { RunView } from '../run-view';
import { initialRunView } from '../run-view';
import { restoreBranchFamily } from './restore-branch-family';
import { familyOf } from './session-branches';

const info = (runId: string, parentRunId: string | null): BranchInfo => ({
  runId,
  name: runId,
  parentRunId,
  forkRound: parentRunId === null ? null : 1,
});

// Stored or imported data may name parents in a loop; every walk over it must end.
describe('branch parent chains that loop', () => {
  const looping = [info('a', 'c'), info('b', 'a'), info('c', 'b'), info('d', 'b'), info('x', null), info('y', 'y')];

  it('familyOf ends and gives every member of the loop the same family', () => {
    const family = ['a', 'b', 'c', 'd'].map((runId) => familyOf(looping, runId).map((branch) => branch.runId));
    for (const members of family) expect(members).toEqual(['a', 'b', 'c', 'd']);
    expect(familyOf(looping, 'y').map((branch) => branch.runId)).toEqual(['y']);
    expect(familyOf(looping, 'x').map((branch) => branch.runId)).toEqual(['x']);
  });

  it('restoreBranchFamily ends on a loop and restores its members', async () => {
    let restored: string[] = [];
    await restoreBranchFamily({
      branches: looping,
      shownView: { ...initialRunView, runId: 'a' } satisfies RunView,
      loadRun: () => Promise.resolve([{ type: 'run-end', at: 1, finishReason: 'end_turn', usage: emptyUsage }]),
      restore: (family) => {
        restored = family.map((branch) => branch.runId);
        return Promise.resolve();
      },
    });
    expect(restored).toEqual(['a', 'b', 'c', 'd']);
  });
});

const emptyUsage = { inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
