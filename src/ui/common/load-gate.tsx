// Holds part of the page back until some code has loaded, without suspending (see createLoadGate).
import { useEffect, useState, type ReactNode } from 'react';

/**
 * A component that shows its children once every one of `loads` has settled, loaded or failed (a chunk that
 * cannot load must not hide what is gated with it). The loads start at the gate's first mount, once per page;
 * once settled, a gate mounted later shows its children in its first render. Waited for in an effect, not by
 * suspending: React reveals a suspended boundary up to 300 ms after its data comes (its Suspense throttle).
 */
export function createLoadGate(loads: readonly (() => Promise<unknown>)[]) {
  let settling: Promise<unknown> | undefined;
  let settled = false;
  /** `fallback` shows until then (what may be on the page before the gated code: the timeline's empty state). */
  return function LoadGate({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
    const [ready, setReady] = useState(settled);
    useEffect(() => {
      if (ready) return;
      let live = true;
      settling ??= Promise.allSettled(loads.map((load) => load())).then(() => {
        settled = true;
      });
      void settling.then(() => live && setReady(true));
      return () => {
        live = false;
      };
    }, [ready]);
    return ready ? children : fallback;
  };
}
