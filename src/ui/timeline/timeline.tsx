// The run, round by round. Round cards are memoised (only the round that changed re-renders) and virtualised.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { LimitBanner } from './limit-banner';
import { PromptItem } from './prompt-item';
import { InheritedRoundsItem } from './inherited-rounds';
import { VirtualRounds } from './virtual-rounds';

export function Timeline() {
  const rounds = useLoupeStore((state) => state.runView.rounds);
  const limit = useLoupeStore((state) => state.runView.limit);
  const phase = useLoupeStore((state) => state.runView.phase);
  const runId = useLoupeStore((state) => state.runView.runId);

  return (
    <section aria-label="Timeline" className="space-y-3">
      {phase === 'idle' && (
        <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center text-sm text-zinc-600 dark:text-zinc-400 dark:border-zinc-700">
          <p className="font-medium text-zinc-700 dark:text-zinc-300">No run yet.</p>
          <p className="mt-1">
            Write a message and press Run: each round of the loop — the model’s reply and every tool call — appears
            here.
          </p>
        </div>
      )}
      {phase === 'running' && rounds.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400 italic">Starting the run…</p>
      )}
      <PromptItem />
      <InheritedRoundsItem />
      <VirtualRounds key={runId ?? 'none'} rounds={rounds} />
      {limit !== undefined && (
        <LimitBanner kind={limit.kind} value={limit.value} behaviour={limit.behaviour} detail={limit.detail} />
      )}
    </section>
  );
}
