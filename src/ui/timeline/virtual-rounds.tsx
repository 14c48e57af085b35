// The rounds of one run. The virtualised list (virtual-round-list.tsx, with the virtualiser and the round
// navigator) loads as its own chunk right after the first paint, and the page shows no round before it is there;
// should it fail to load, the first VIRTUAL_FROM rounds show as plain cards.
import { useSyncExternalStore } from 'react';
import type { RoundView } from '../../store/run-view';
import { useProgressiveCount } from '../common/use-progressive-count';
import type * as VirtualRoundListModule from './virtual-round-list';
import { preloadRoundCard, Round } from './round';
import { VIRTUAL_FROM } from './virtual-from';

let list: typeof VirtualRoundListModule | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the virtualised list (once). The page waits for it before it shows any round (app/lazy-panels.tsx): a
 * list that came after the first rounds replaced their plain cards, remounting them, and a panel a person had
 * just opened in one (a fork's) closed again.
 */
export function preloadVirtualRounds(): Promise<void> {
  if (loading === undefined) preloadRoundCard();
  loading ??= import('./virtual-round-list').then(
    (module) => {
      list = module;
      for (const notify of listeners) notify();
    },
    // A chunk that failed to load (offline after a deploy): the first rounds stay shown as plain cards.
    () => undefined,
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void preloadVirtualRounds();
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
