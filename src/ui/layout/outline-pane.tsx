// The run at a glance: rounds and their calls (click to jump to the card), with a breakpoint switch beside
// each tool, so breaking on a tool is one click where the call is seen. A long run's outline scrolls in its
// own box and mounts only the rounds in view, so a 2,000-round import does not put 30,000 nodes on the page.
import { lazy, Suspense } from 'react';
import type { Breakpoint } from '../../engine/debug/pause-point';
import type { RoundView } from '../../store/run-view';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { panelClass, panelTitleClass } from '../common/styles';
import { useProgressiveCount } from '../common/use-progressive-count';
import { describeInheritedRounds, useInheritedRounds } from '../timeline/inherited-rounds';
import { OutlineRound, type Paused, type ToolBreakpoints } from './outline-round';

/** Runs with more rounds than this get the windowed outline. */
const OUTLINE_VIRTUAL_FROM = 30;

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

function PlainRounds(props: { rounds: readonly RoundView[]; paused: Paused; breakpoints: ToolBreakpoints }) {
  // An imported run's entries arrive all at once: mounted a few per frame, as the timeline's cards are.
  const mounted = useProgressiveCount(props.rounds.length, 10, 10);
  return (
    <ol className="space-y-1.5 text-sm">
      {props.rounds.slice(0, mounted).map((round) => (
        <li key={round.round}>
          <OutlineRound round={round} paused={props.paused} breakpoints={props.breakpoints} />
        </li>
      ))}
    </ol>
  );
}

// The windowed outline (and its virtualiser) loads the first time a run is that long; until then, its first rounds.
const LazyWindowedRounds = lazy(async () => ({ default: (await import('./outline-windowed-rounds')).WindowedRounds }));

function WindowedRounds(props: { rounds: readonly RoundView[]; paused: Paused; breakpoints: ToolBreakpoints }) {
  return (
    <Suspense fallback={<PlainRounds {...props} rounds={props.rounds.slice(0, OUTLINE_VIRTUAL_FROM)} />}>
      <LazyWindowedRounds {...props} />
    </Suspense>
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
        <PlainRounds rounds={rounds} paused={paused} breakpoints={breakpoints} />
      )}
    </nav>
  );
}
