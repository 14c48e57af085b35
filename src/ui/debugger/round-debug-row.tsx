// Under a round's header: the debugger's marks for the round and its "Fork from here".
import type { RoundView } from '../../store/run-view';
import { RoundDebugMarks } from './debug-marks';
import { ForkButton } from './fork-panel';

export function RoundDebugRow({ round }: { round: RoundView }) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-zinc-100 px-4 py-1.5 dark:border-zinc-800/60">
      <RoundDebugMarks round={round} />
      <span className="ml-auto" />
      <ForkButton round={round.round} />
    </div>
  );
}
