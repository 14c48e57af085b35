// A server's listing (prompts, resources) as Inspect shows it: asked for once the panel opens, asked for afresh
// by Refresh, and stamped with when it arrived (a render may not read the clock).
import { useEffect, useState } from 'react';

/** What a listing panel shows and its Refresh. */
export interface ServerListing<T> {
  /** The listing, or null while the first answer is awaited. */
  listing: T | null;
  /** When the shown listing arrived (0 before one did): the moment its freshness is told from. */
  shownAt: number;
  refreshing: boolean;
  refresh: () => Promise<void>;
}

/** The listing `list` gives for `serverId`; `list(serverId, true)` bypasses what the worker keeps. */
export function useServerListing<T>(
  serverId: string,
  list: (serverId: string, fresh?: boolean) => Promise<T | null>,
): ServerListing<T> {
  const [shown, setShown] = useState<{ listing: T; at: number } | null>(null);
  const show = (next: T | null) => {
    if (next !== null) setShown({ listing: next, at: Date.now() });
  };
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    void list(serverId).then(show);
  }, [list, serverId]);
  // A failed refresh keeps what is shown (the store raised an alert).
  const refresh = async () => {
    setRefreshing(true);
    const fresh = await list(serverId, true);
    setRefreshing(false);
    show(fresh);
  };
  return { listing: shown?.listing ?? null, shownAt: shown?.at ?? 0, refreshing, refresh };
}
