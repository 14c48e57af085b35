// The rounds of one run. The virtualised list (virtual-round-list.tsx, with the virtualiser and the round
// navigator) loads as its own chunk right after the first paint; until it is there, the first VIRTUAL_FROM
// rounds show as plain cards. The list replaces them once loaded (one remount, in practice before any run).
import { useSyncExternalStore } from 'react';
import type { RoundView } from '../../store/run-view';
import { useProgressiveCount } from '../common/use-progressive-count';
import type * as VirtualRoundListModule from './virtual-round-list';
import { preloadRoundCard, Round } from './round';
import { VIRTUAL_FROM } from './virtual-from';

let list: typeof VirtualRoundListModule | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (loading === undefined) preloadRoundCard();
  loading ??= import('./virtual-round-list').then(
    (module) => {
      list = module;
      for (const notify of listeners) notify();
    },
    // A chunk that failed to load (offline after a deploy): the first rounds stay shown as plain cards.
    () => undefined,
  );
  return () => listeners.delete(listener);
}

/** Keyed by run in the parent, so a new run starts at its first round. */
export function VirtualRounds({ rounds }: { rounds: readonly RoundView[] }) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => list,
    () => list,
  );
  const mounted = useProgressiveCount(loaded === undefined ? Math.min(rounds.length, VIRTUAL_FROM) : 0);
  if (loaded !== undefined) return <loaded.VirtualRoundList rounds={rounds} />;
  return (
    <div className="space-y-3">
      {rounds.slice(0, mounted).map((round) => (
        <div key={round.round} id={`round-${round.round}`} tabIndex={-1} className="focus-visible:outline-none">
          <Round round={round} />
        </div>
      ))}
    </div>
  );
}
