// The fuzz's random settings and debugger decisions: loop policies, a compaction policy, a debug policy, and a
// decision that fits a pause.
import type { PauseDecision, PausePoint, DebugPolicy } from '../debug/pause-point';
import type { LoopPolicies } from '../../shared/loop-policies';
import type { Random } from './fuzz-random';

export function randomPolicies(random: Random): Partial<LoopPolicies> {
  return {
    limits: {
      ...(random.chance(0.3) ? { maxToolCalls: 1 + random.int(4) } : {}),
      ...(random.chance(0.3) ? { maxToolCallsPerRound: 1 + random.int(2) } : {}),
      ...(random.chance(0.15) ? { maxTotalTokens: 20 + random.int(60) } : {}),
      ...(random.chance(0.15) ? { wallTimeMs: 1_000 + random.int(10_000) } : {}),
    },
    atLimit: random.pick(['final-answer', 'fallback-brief', 'stop'] as const),
    duplicates: random.pick(['off', 'warn', 'block'] as const),
    loopGuardRepeats: random.pick([0, 2, 3]),
    eagerStart: random.chance(0.5),
    maxConcurrency: 1 + random.int(3),
    maxResultChars: random.pick([20_000, 100]),
  };
}

/** Compaction in 40 % of the sequences: any mode, a small window and/or every 1–2 rounds, 0–2 rounds kept. */
export function randomCompaction(random: Random): {
  policies: Partial<LoopPolicies>;
  sized: { contextWindow?: number };
} {
  if (!random.chance(0.4)) return { policies: {}, sized: {} };
  const compaction = {
    mode: random.pick(['trim', 'summarise', 'both'] as const),
    thresholdPercent: random.pick([10, 50, 90]),
    everyRounds: random.pick([0, 1, 1, 2]),
    keepRounds: random.pick([0, 0, 1, 2]),
  };
  return {
    policies: { compaction },
    sized: random.chance(0.7) ? { contextWindow: 200 + random.int(20_000) } : {},
  };
}

export function randomPolicy(random: Random): DebugPolicy {
  return {
    mode: random.pick(['run', 'step', 'next-round'] as const),
    breakpoints: random.chance(0.3) ? [{ id: 'b', enabled: true, kind: 'tool-error' }] : [],
    approval: { enabled: random.chance(0.3), tools: random.chance(0.5) ? { write: 'deny' } : {} },
  };
}

/** A decision that fits `point`, or `cancel` (the person presses Stop while paused), or `reload` (the page goes away). */
export function randomDecision(random: Random, point: PausePoint): PauseDecision | 'cancel' | 'reload' {
  const roll = random.int(20);
  if (roll === 0) return 'cancel';
  if (roll === 1) return 'reload';
  if (roll === 2) return { type: 'stop' };
  if (roll < 9) return { type: 'continue' };
  const text = [{ type: 'text' as const, text: 'given by hand' }];
  switch (point.kind) {
    case 'before-request':
      return { type: 'edit-request', patch: random.chance(0.5) ? { system: 'Be brief.' } : { maxTokens: 64 } };
    case 'before-tool':
      return random.pick<PauseDecision>([
        { type: 'edit-input', input: random.chance(0.8) ? { q: 'edited' } : { q: 5 } },
        { type: 'skip', content: text, isError: random.chance(0.3) },
        { type: 'deny', message: 'Not now.' },
      ]);
    case 'after-tool':
      return { type: 'edit-result', content: text, isError: random.chance(0.3) };
    case 'after-reply':
      return { type: 'continue' };
    case 'before-compaction':
      return point.compaction.summary !== undefined && random.chance(0.5)
        ? { type: 'edit-summary', summary: random.chance(0.9) ? 'Edited: pages were read.' : ' ' }
        : { type: 'skip-compaction' };
  }
}
