// The run at a glance: rounds and their calls (click to jump to the card), with a breakpoint switch beside
// each tool, so breaking on a tool is one click where the call is seen.
import type { Breakpoint } from '../../engine/debug/pause-point';
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

function useToolBreakpoints(): { has: (name: string) => boolean; toggle: (name: string, on: boolean) => void } {
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

export function OutlinePane() {
  const rounds = useLoupeStore((state) => state.runView.rounds);
  const pausedCall = useLoupeStore((state) => state.runView.pause?.pause.callId);
  const pausedRound = useLoupeStore((state) => state.runView.pause?.pause.round);
  const breakpoints = useToolBreakpoints();
  const offset = useRoundOffset();
  const inherited = useInheritedRounds();
  if (rounds.length === 0) return null;
  return (
    <nav aria-label="Outline" className={`${panelClass} lg:max-h-[40vh] lg:overflow-y-auto`}>
      <h2 className={panelTitleClass}>Outline</h2>
      {inherited !== null && (
        <p className="mb-1.5 px-1 text-xs text-zinc-600 dark:text-zinc-400">{describeInheritedRounds(inherited)}</p>
      )}
      <ol className="space-y-1.5 text-sm">
        {rounds.map((round) => (
          <li key={round.round}>
            <button type="button" className={`${linkClass} font-medium`} onClick={() => jumpToRound(round.round)}>
              Round {round.round + offset}{' '}
              <span className="ml-1 font-mono text-xs font-normal text-zinc-600 dark:text-zinc-400">
                {describeRoundStop(round)}
              </span>
              {pausedRound === round.round && pausedCall === undefined && <span className="sr-only"> (paused)</span>}
            </button>
            {round.toolCalls.length > 0 && (
              <ul className="mt-1 space-y-1 border-l border-zinc-200 pl-3 dark:border-zinc-800">
                {round.toolCalls.map((call) => (
                  <li key={call.callId} className="flex items-center gap-2">
                    <button
                      type="button"
                      className={`${linkClass} flex-1 font-mono text-xs`}
                      aria-label={`Jump to ${call.name} in round ${round.round + offset}`}
                      onClick={() => jumpToCall(call.callId)}
                    >
                      {call.name}
                    </button>
                    <StatusBadge tone={toolStatusTone(call.status)}>
                      {pausedCall === call.callId ? 'paused' : call.status}
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
          </li>
        ))}
      </ol>
    </nav>
  );
}
