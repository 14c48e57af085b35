// One round in the outline: a link to the card, its calls, and a breakpoint switch beside each tool.
import type { RoundView } from '../../store/run-view';
import { StatusBadge } from '../common/status-badge';
import { describeRoundStop } from '../timeline/round-state';
import { toolStatusTone } from '../timeline/tool-status';
import { useRoundOffset } from '../timeline/use-round-offset';
import { jumpToCall, jumpToRound } from './jump-to';

const linkClass = 'min-w-0 truncate rounded px-1 text-left hover:bg-zinc-100 hover:underline dark:hover:bg-zinc-800';

/** A tool's breakpoint switch: read and set by tool name. */
export interface ToolBreakpoints {
  has: (name: string) => boolean;
  toggle: (name: string, on: boolean) => void;
}

/** Where the run is paused, if it is. */
export interface Paused {
  round: number | undefined;
  callId: string | undefined;
}

/** One round of the outline: its title (jump to it) and its calls, each with a breakpoint switch. */
export function OutlineRound({
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
              {/* A visible word beside the box (issue 41: an unlabelled checkbox); its name starts with that word. */}
              <label className="inline-flex items-center gap-1 text-xs text-zinc-700 dark:text-zinc-300">
                <input
                  type="checkbox"
                  className="accent-red-600"
                  title={`Break before ${call.name} runs`}
                  aria-label={`Breakpoint on ${call.name} (round ${round.round + offset})`}
                  checked={breakpoints.has(call.name)}
                  onChange={(event) => breakpoints.toggle(call.name, event.target.checked)}
                />
                Break
              </label>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
