// `npm run bench:engine -- --cpu-prof`: a CPU profile of the engine alone (the bundled build the bench measures),
// written as a .cpuprofile (open it in Chrome DevTools) with its top functions by self time printed.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { Profiler } from 'node:inspector';

/** Profiles `run` (called `repeats` times) and writes the profile to `path`; prints the top `top` by self time. */
export async function profileEngine(
  run: () => Promise<unknown>,
  repeats: number,
  path: string,
  top = 25,
): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  for (let index = 0; index < repeats; index += 1) await run();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  await writeFile(path, JSON.stringify(profile));
  console.info(`CPU profile of the engine (${repeats} runs): ${path}. Top functions by self time:`);
  for (const [name, share] of selfTimes(profile).slice(0, top))
    console.info(`  ${(share * 100).toFixed(1).padStart(5)} %  ${name}`);
}

/**
 * Self time by function, as shares of the profile without the profiler's own calls: the sample taken while
 * `Profiler.stop` serialises the profile (under the session's `post`, native `dispatch`) spans that whole
 * stop, and read as up to 15 % of the engine's time at the top of the list.
 */
function selfTimes(profile: Profiler.Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const isProfilerCall = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
      if (byId.get(at)?.callFrame.url === 'node:inspector') return true;
    return false;
  };
  const totals = new Map<string, number>();
  let all = 0;
  (profile.samples ?? []).forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas?.[index] ?? 0;
    if (node === undefined || isProfilerCall(id)) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    totals.set(name, (totals.get(name) ?? 0) + delta);
    all += delta;
  });
  return [...totals]
    .map(([name, time]): [string, number] => [name, time / all])
    .sort((left, right) => right[1] - left[1]);
}
