// A reached budget is never silent: say which one, why, and what the loop did about it.
import type { LimitKind } from '../../engine/event/run-event';
import type { AtLimitBehaviour } from '../../shared/loop-policies';

const limitName: Record<LimitKind, string> = {
  rounds: 'Round limit',
  'tool-calls': 'Tool-call limit',
  'wall-time': 'Wall-time limit',
  tokens: 'Token limit',
  cost: 'Cost limit',
  loop: 'Loop guard',
};

const behaviourText: Record<AtLimitBehaviour, string> = {
  stop: 'the loop stopped',
  'final-answer': 'the loop stopped calling tools and asked the model for a final answer',
  'fallback-brief': 'the loop sent a brief of everything known to a fresh request for the answer',
};

interface LimitBannerProps {
  kind: LimitKind;
  value: number;
  behaviour?: AtLimitBehaviour | undefined;
  detail?: string | undefined;
}

export function LimitBanner({ kind, value, behaviour, detail }: LimitBannerProps) {
  return (
    <div
      role="note"
      aria-label="Limit reached"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm font-medium text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-300"
    >
      {limitName[kind]} reached ({detail ?? value}) — {behaviourText[behaviour ?? 'stop']}
    </div>
  );
}
