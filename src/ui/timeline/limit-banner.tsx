// A reached budget is never silent: say which one and that the loop stopped because of it.
import type { LimitKind } from '../../engine/event/run-event';

const limitName: Record<LimitKind, string> = { rounds: 'Round limit' };

export function LimitBanner({ kind, value }: { kind: LimitKind; value: number }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm font-medium text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-300">
      {limitName[kind]} reached ({value}) — the loop stopped
    </div>
  );
}
