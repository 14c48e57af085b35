import { describe, expect, it } from 'vitest';
import type { BranchInfo } from '../../protocol/debug-messages';
import type { StoredRun } from '../../store/sessions/session-record';
import { labelRuns, type LiveRunState } from './run-labels';

const run = (runId: string, extra: Partial<StoredRun> = {}): StoredRun => ({
  runId,
  origin: 'live',
  label: 'What should I wear in Paris today?',
  startedAt: 1000,
  ...extra,
});
const formatTime = (at: number) => `t${at}`;

describe('labelRuns', () => {
  it('names a fork, its parent and fork round, how it ended and when it started', () => {
    const runs = [run('a', { finishReason: 'end_turn' }), run('b', { startedAt: 2000 })];
    const branches: BranchInfo[] = [
      { runId: 'a', name: 'Original', parentRunId: null, forkRound: null },
      { runId: 'b', name: 'Second try', parentRunId: 'a', forkRound: 5 },
    ];
    const live = new Map<string, LiveRunState>([['b', { phase: 'paused' }]]);
    const numbered = labelRuns({ runs, branches, live, formatTime }, 'numbered');
    expect(numbered.get('a')).toBe('Run 1 · Original · finished · t1000');
    expect(numbered.get('b')).toBe('Run 2 · Second try · fork of Run 1 @ round 5 · paused · t2000');
    const named = labelRuns({ runs, branches, live, formatTime }, 'named');
    expect(named.get('b')).toBe('Second try · fork of “Original” @ round 5 · paused · t2000');
  });

  it('counts the fork round in the parent’s numbers for a fork of a fork', () => {
    const runs = [run('a'), run('b'), run('c')];
    const branches: BranchInfo[] = [
      { runId: 'a', name: 'Original', parentRunId: null, forkRound: null },
      { runId: 'b', name: 'B', parentRunId: 'a', forkRound: 5 },
      { runId: 'c', name: 'C', parentRunId: 'b', forkRound: 3 },
    ];
    const labels = labelRuns({ runs, branches, live: new Map(), formatTime }, 'named');
    expect(labels.get('c')).toBe('C · fork of “B” @ round 7 · t1000');
  });

  it('says replays and imports, and never gives two runs the same label', () => {
    const runs = [
      run('a', { finishReason: 'aborted' }),
      run('b', { origin: 'replay', sourceRunId: 'a', label: 'Replay' }),
      run('c', { origin: 'imported', label: 'Imported from x.json', meta: { createdAt: 'not a date' } as never }),
      run('d', { finishReason: 'aborted' }),
    ];
    const labels = labelRuns({ runs, branches: [], live: new Map(), formatTime }, 'named');
    expect(labels.get('b')).toBe('Replay · replay of “What should I wear in Paris today?” · t1000');
    expect(labels.get('c')).toBe('Imported from x.json · imported · t1000');
    expect(labels.get('a')).toBe('What should I wear in Paris today? · aborted · t1000');
    expect(labels.get('d')).toBe('What should I wear in Paris today? · aborted · t1000 (2)');
    expect(new Set(labels.values()).size).toBe(4);
  });

  it('shortens a long prompt and survives blank labels', () => {
    const labels = labelRuns(
      {
        runs: [run('a', { label: 'x'.repeat(500) }), run('b', { label: '' })],
        branches: [],
        live: new Map(),
        formatTime,
      },
      'numbered',
    );
    expect(labels.get('a')).toBe(`Run 1 · ${'x'.repeat(39)}… · t1000`);
    expect(labels.get('b')).toBe('Run 2 · Run · t1000');
  });

  it('marks a run a person edited, beside where it came from', () => {
    const runs = [run('a', { finishReason: 'end_turn' }), run('b', { origin: 'replay', sourceRunId: 'a', label: 'R' })];
    const live = new Map<string, LiveRunState>([
      ['a', { phase: 'ended', finishReason: 'end_turn', edited: true }],
      ['b', { phase: 'ended', finishReason: 'end_turn', edited: false }],
    ]);
    const labels = labelRuns({ runs, branches: [], live, formatTime }, 'numbered');
    expect(labels.get('a')).toBe('Run 1 · What should I wear in Paris today? · edited · finished · t1000');
    expect(labels.get('b')).toBe('Run 2 · R · replay of Run 1 · finished · t1000');
  });
});
