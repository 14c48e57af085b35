// The outline of a long run, loaded as its own chunk (with the virtualiser) the first time a run has that many
// rounds: a box that scrolls on its own, with only the rounds near its view mounted (issue 16).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { RoundView } from '../../store/run-view';
import { observeBoxAfterLayout } from '../common/observe-box-after-layout';
import { OutlineRound, type Paused, type ToolBreakpoints } from './outline-round';

/** A round's height in the outline before it is measured: its title line and a line per call. */
const estimateRoundPx = (round: RoundView | undefined) => 28 + 26 * (round?.toolCalls.length ?? 0);

/** The outline of a long run: a box that scrolls on its own, with only the rounds near its view mounted. */
export function WindowedRounds(props: { rounds: readonly RoundView[]; paused: Paused; breakpoints: ToolBreakpoints }) {
  const { rounds } = props;
  const box = useRef<HTMLDivElement>(null);
  // Its functions are read during this render only and passed to no memoised child, so skipping the compiler is fine.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rounds.length,
    getScrollElement: () => box.current,
    estimateSize: (index) => estimateRoundPx(rounds[index]),
    overscan: 8,
    getItemKey: (index) => rounds[index]?.round ?? index,
    useFlushSync: false,
    // The box's size comes after the frame's layout; until then, as tall as it can be (60vh on a narrow page).
    observeElementRect: observeBoxAfterLayout,
    initialRect: { width: 0, height: Math.round(window.innerHeight * 0.6) },
  });
  return (
    <div ref={box} className="max-h-[60vh] overflow-y-auto overscroll-contain lg:max-h-[32vh]">
      <ol className="relative text-sm" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const round = rounds[item.index];
          if (round === undefined) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={rounds.length}
              aria-posinset={item.index + 1}
              className="absolute top-0 left-0 w-full pb-1.5"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <OutlineRound round={round} paused={props.paused} breakpoints={props.breakpoints} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
