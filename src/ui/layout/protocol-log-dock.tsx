// The protocol log docked under the page, like a browser's devtools drawer: fixed to the bottom so it can be
// watched while the run streams, its height set by dragging (or the arrow keys on) its top edge. A spacer
// of the same height ends the page, so nothing of the timeline is ever hidden behind it.
import { useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useLayout } from './layout-context';
import { ProtocolLogPane } from './lazy-protocol-log-pane';

const MIN_HEIGHT = 140;
const STEP = 40;

/** The dock's height kept between 140 px and 85 % of the window, so the page above it stays usable. */
export function clampDockHeight(height: number, windowHeight: number): number {
  const most = Math.max(MIN_HEIGHT, Number.isFinite(windowHeight) ? windowHeight * 0.85 : MIN_HEIGHT);
  // NaN (a pointer event without coordinates) would otherwise pass through Math.min/max and hide the dock.
  if (Number.isNaN(height)) return MIN_HEIGHT;
  return Math.round(Math.min(Math.max(height, MIN_HEIGHT), most));
}

export function ProtocolLogDock() {
  const { protocolDock } = useLayout();
  const [height, setHeight] = useState(() => clampDockHeight(window.innerHeight * 0.35, window.innerHeight));
  const docked = protocolDock === 'bottom';
  // The sticky sidebar ends above the dock (its max height reads this), so its last controls stay reachable.
  useEffect(() => {
    if (!docked) return;
    document.documentElement.style.setProperty('--dock-height', `${height}px`);
    return () => {
      document.documentElement.style.removeProperty('--dock-height');
    };
  }, [docked, height]);
  if (!docked) return null;
  const resize = (next: number) => setHeight(clampDockHeight(next, window.innerHeight));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) resize(window.innerHeight - event.clientY);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = { ArrowUp: STEP, ArrowDown: -STEP }[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    resize(height + delta);
  };
  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <div
        className="fixed inset-x-0 bottom-0 z-20 flex flex-col border-t border-zinc-300 bg-white shadow-[0_-4px_12px_rgb(0_0_0/0.08)] dark:border-zinc-700 dark:bg-zinc-900"
        style={{ height }}
      >
        <div
          role="separator"
          aria-orientation="horizontal"
          aria-label="Protocol log height"
          aria-valuenow={height}
          aria-valuemin={MIN_HEIGHT}
          aria-valuemax={clampDockHeight(Number.POSITIVE_INFINITY, window.innerHeight)}
          tabIndex={0}
          className="h-2 shrink-0 cursor-row-resize touch-none bg-zinc-100 hover:bg-indigo-200 focus-visible:bg-indigo-300 focus-visible:outline-none dark:bg-zinc-800 dark:hover:bg-indigo-900"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onKeyDown={onKeyDown}
        />
        <ProtocolLogPane className="mx-auto w-full max-w-[1600px] flex-1 px-4 py-2" />
      </div>
    </>
  );
}
