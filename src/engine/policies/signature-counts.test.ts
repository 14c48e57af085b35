import { describe, expect, it } from 'vitest';
import { createDuplicateTracker } from './duplicates';
import { createLoopGuard } from './loop-guard';
import { createSignatureCounts } from './signature-counts';

const result = (text: string) => [{ type: 'text' as const, text }];

describe('createSignatureCounts', () => {
  it('makes one record per signature, found again by value (not only the last one taken)', () => {
    const counts = createSignatureCounts();
    expect(counts.find('f {"a":1}')).toBeUndefined();
    const first = counts.take('f {"a":1}');
    expect(first).toEqual({ calls: 0, answers: 0, last: undefined });
    counts.take('g {}');
    // Built anew, as a signature made for another call is: the same record.
    expect(counts.take(['f', '{"a":1}'].join(' '))).toBe(first);
    expect(counts.find(['f', '{"a":1}'].join(' '))).toBe(first);
  });

  it('keeps the loop guard and the duplicate tracker apart in one record', () => {
    const counts = createSignatureCounts();
    const guard = createLoopGuard(3, counts);
    const duplicates = createDuplicateTracker('block', counts);
    // Two calls the guard counts (one a blocked duplicate, which the tracker does not record): no block yet.
    duplicates.record('s', result('one'));
    guard.recordCall('s');
    guard.recordCall('s');
    expect(duplicates.check('s', 'f')).toEqual({ kind: 'run' });
    expect(counts.find('s')).toMatchObject({ calls: 2, answers: 1 });
    duplicates.record('s', result('two'));
    expect(duplicates.check('s', 'f')).toMatchObject({ kind: 'block', count: 2 });
    expect(guard.recordCall('s')).toMatchObject({ limit: 'loop', value: 3 });
  });

  it('a record made by the guard alone never reads as an earlier result', () => {
    const counts = createSignatureCounts();
    createLoopGuard(3, counts).recordCall('s');
    expect(createDuplicateTracker('warn', counts).check('s', 'f')).toEqual({ kind: 'run' });
  });
});
