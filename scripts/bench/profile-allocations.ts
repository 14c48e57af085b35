// `npm run bench:engine -- --heap-prof`: what a loop allocates per round, and where (the bundled build the bench
// measures). V8's sampling heap profiler, keeping the samples of objects the GC has already collected: the
// engine's garbage is what costs it GC time, so the live heap alone would hide it.
import { Session } from 'node:inspector/promises';
import type { HeapProfiler } from 'node:inspector';

/** One sampled run: its bytes per round and, for its top allocators, their self bytes per round. */
export interface AllocationProfile {
  perRound: number;
  top: [string, number][];
}

/**
 * Samples the allocations of `run` (called `repeats` times, each `rounds` + 1 rounds long). The sampling
 * interval is small (512 bytes) so a figure per round is good to a few per cent; it is a sample, not a count.
 */
export async function profileAllocations(
  run: () => Promise<unknown>,
  repeats: number,
  rounds: number,
  top = 15,
): Promise<AllocationProfile> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as HeapProfiler.StartSamplingParameterType);
  for (let index = 0; index < repeats; index += 1) await run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  await session.post('HeapProfiler.disable');
  session.disconnect();
  const totals = new Map<string, number>();
  let all = 0;
  const visit = (node: HeapProfiler.SamplingHeapProfileNode): void => {
    const self = node.selfSize;
    if (self > 0) {
      const { functionName, url, lineNumber } = node.callFrame;
      const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
      totals.set(name, (totals.get(name) ?? 0) + self);
      all += self;
    }
    node.children.forEach(visit);
  };
  visit(profile.head);
  const perRun = repeats * (rounds + 1);
  return {
    perRound: all / perRun,
    top: [...totals]
      .map(([name, bytes]): [string, number] => [name, bytes / perRun])
      .sort((left, right) => right[1] - left[1])
      .slice(0, top),
  };
}
