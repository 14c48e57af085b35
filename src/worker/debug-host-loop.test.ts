import { describe, expect, it } from 'vitest';
import type { Transcript } from '../engine/transcript/transcript';
import type { BranchInfo } from '../protocol/debug-messages';
import { createDebugHost } from './debug-host';
import { ManualTurns } from './manual-turns';
import { RunRegistry, type RunRecord } from './run-registry';

const info = (runId: string, parentRunId: string | null): BranchInfo => ({
  runId,
  name: runId,
  parentRunId,
  forkRound: parentRunId === null ? null : 1,
});

describe('debug host with branches whose parent chain loops', () => {
  it('exports the family instead of spinning forever', async () => {
    const runs = new RunRegistry();
    for (const runId of ['a', 'b', 'c'])
      runs.add({ runId, controller: new AbortController(), events: [] } as unknown as RunRecord);
    const transcript = { messages: [], rounds: [] } as unknown as Transcript;
    const host = createDebugHost({
      runs,
      manual: new ManualTurns(
        () => undefined,
        (prefix) => `${prefix}-1`,
      ),
      transcriptOf: () => transcript,
    });
    // a → c → b → a: restored from storage or an import that was edited by hand.
    await host.execute({ type: 'branches-restore', branches: [info('a', 'b'), info('b', 'c'), info('c', 'a')] });
    const exported = host.addBranches('a', transcript);
    expect(exported.branches?.map((branch) => branch.runId)).toEqual(['b', 'c']);
  });
});
