// The run at a glance: rounds and their calls (click to jump to the card), with a breakpoint switch beside
// each tool, so breaking on a tool is one click where the call is seen. A long run's outline scrolls in its
// own box and mounts only the rounds in view, so a 2,000-round import does not put 30,000 nodes on the page.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { Breakpoint } from '../../engine/debug/pause-point';
import type { RoundView } from '../../store/run-view';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { StatusBadge } from '../common/status-badge';
import { panelClass, panelTitleClass } from '../common/styles';
import { describeRoundStop } from '../timeline/round-state';
import { toolStatusTone } from '../timeline/tool-status';
import { jumpToCall, jumpToRound } from './jump-to';
import { describeInheritedRounds, useInheritedRounds } from '../timeline/inherited-rounds';
import { useRoundOffset } from '../timeline/use-round-offset';

const linkClass =
  'min-w-0 truncate rounded px-1 text-left hover:bg-zinc-100 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500/50 focus-visible:outline-none dark:hover:bg-zinc-800';

/** Runs with more rounds than this get the windowed outline. */
const OUTLINE_VIRTUAL_FROM = 30;

interface ToolBreakpoints {
  has: (name: string) => boolean;
  toggle: (name: string, on: boolean) => void;
}

interface Paused {
  round: number | undefined;
  callId: string | undefined;
}

function useToolBreakpoints(): ToolBreakpoints {
  const breakpoints = useLoupeStore((state) => state.debug.settings.breakpoints);
  const update = useLoupeStore((state) => state.updateDebugSettings);
  const isToolBreakpoint = (entry: Breakpoint, name: string): boolean =>
    entry.kind === 'tool' && entry.toolName === name && entry.enabled;
  return {
    has: (name) => breakpoints.some((entry) => isToolBreakpoint(entry, name)),
    toggle: (name, on) => {
      const others = breakpoints.filter((entry) => !(entry.kind === 'tool' && entry.toolName === name));
      update({
        breakpoints: on
          ? [...others, { id: crypto.randomUUID(), enabled: true, kind: 'tool', toolName: name }]
          : others,
      });
    },
  };
}

function OutlineRound({
  round,
  paused,
  breakpoints,
}: {
  round: RoundView;
  paused: Paused;
  breakpoints: ToolBreakpoints;
}) {
  const offset = useRoundOffset();
  return (
    <>
      <button type="button" className={`${linkClass} font-medium`} onClick={() => jumpToRound(round.round)}>
        Round {round.round + offset}{' '}
        <span className="ml-1 font-mono text-xs font-normal text-zinc-600 dark:text-zinc-400">
          {describeRoundStop(round)}
        </span>
        {paused.round === round.round && paused.callId === undefined && <span className="sr-only"> (paused)</span>}
      </button>
      {round.toolCalls.length > 0 && (
        <ul className="mt-1 space-y-1 border-l border-zinc-200 pl-3 dark:border-zinc-800">
          {round.toolCalls.map((call) => (
            <li key={call.callId} className="flex items-center gap-2">
              <button
                type="button"
                className={`${linkClass} flex-1 font-mono text-xs`}
                aria-label={`Jump to ${call.name} in round ${round.round + offset}`}
                onClick={() => jumpToCall(call.callId, round.round)}
              >
                {call.name}
              </button>
              <StatusBadge tone={toolStatusTone(call.status)}>
                {paused.callId === call.callId ? 'paused' : call.status}
              </StatusBadge>
              <input
                type="checkbox"
                className="accent-red-600"
                title={`Break before ${call.name} runs`}
                aria-label={`Breakpoint on ${call.name} (round ${round.round + offset})`}
                checked={breakpoints.has(call.name)}
                onChange={(event) => breakpoints.toggle(call.name, event.target.checked)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A round's height in the outline before it is measured: its title line and a line per call. */
const estimateRoundPx = (round: RoundView | undefined) => 28 + 26 * (round?.toolCalls.length ?? 0);

/** The outline of a long run: a box that scrolls on its own, with only the rounds near its view mounted. */
function WindowedRounds(props: { rounds: readonly RoundView[]; paused: Paused; breakpoints: ToolBreakpoints }) {
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

export function OutlinePane() {
  const rounds = useLoupeStore((state) => state.runView.rounds);
  const pausedCall = useLoupeStore((state) => state.runView.pause?.pause.callId);
  const pausedRound = useLoupeStore((state) => state.runView.pause?.pause.round);
  const breakpoints = useToolBreakpoints();
  const inherited = useInheritedRounds();
  if (rounds.length === 0) return null;
  const paused: Paused = { round: pausedRound, callId: pausedCall };
  return (
    <nav aria-label="Outline" className={`${panelClass} lg:max-h-[40vh] lg:overflow-y-auto`}>
      <h2 className={panelTitleClass}>Outline</h2>
      {inherited !== null && (
        <p className="mb-1.5 px-1 text-xs text-zinc-600 dark:text-zinc-400">{describeInheritedRounds(inherited)}</p>
      )}
      {rounds.length > OUTLINE_VIRTUAL_FROM ? (
        <WindowedRounds rounds={rounds} paused={paused} breakpoints={breakpoints} />
      ) : (
        <ol className="space-y-1.5 text-sm">
          {rounds.map((round) => (
            <li key={round.round}>
              <OutlineRound round={round} paused={paused} breakpoints={breakpoints} />
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
