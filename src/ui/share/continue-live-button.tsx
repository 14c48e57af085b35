// Run action of an imported run: Continue live. The request's tools no connected server offers are named before
// anything is sent, with the choice to answer their calls by hand (the run pauses before each) or leave them out.
import { useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { secondaryButtonClass, smallButtonClass } from '../common/styles';

export function ContinueLiveButton() {
  const runId = useLoupeStore((state) => state.runView.runId);
  const phase = useLoupeStore((state) => state.runView.phase);
  const finishReason = useLoupeStore((state) => state.runView.finishReason);
  const imported = useLoupeStore(
    (state) => state.sessionRuns.find((run) => run.runId === runId)?.origin === 'imported',
  );
  const continueLive = useLoupeStore((state) => state.continueLive);
  const [unmatched, setUnmatched] = useState<string[] | null>(null);
  if (!imported) return null;
  // A run that ended with the model's answer has no next request: the person sends a new message instead.
  const ended = finishReason === 'end_turn';

  const start = async () => {
    const result = await continueLive();
    if (!result.started && result.unmatched.length > 0) setUnmatched(result.unmatched);
  };
  const choose = async (choice: 'by-hand' | 'leave-out', names: string[]) => {
    setUnmatched(null);
    await continueLive(choice, names);
  };

  return (
    <>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={phase === 'running' || unmatched !== null || ended}
        title={
          ended
            ? 'The run ended with the model’s answer: there is no next request to send'
            : 'Send the next request to your model with your own key; your connected servers answer the tool calls'
        }
        onClick={() => void start()}
      >
        Continue live
      </button>
      {unmatched !== null && (
        <div
          role="group"
          aria-label="Tools no server offers"
          className="flex basis-full flex-wrap items-center gap-2 rounded border border-amber-300 p-2 text-xs dark:border-amber-700"
        >
          <p className="basis-full">
            No connected server offers {unmatched.length === 1 ? 'this tool' : 'these tools'} of the request:{' '}
            <strong>{unmatched.join(', ')}</strong>. Nothing was sent. Answer {unmatched.length === 1 ? 'its' : 'their'}{' '}
            calls by hand (the run pauses before each call, where you give the result), or leave{' '}
            {unmatched.length === 1 ? 'it' : 'them'} out of the request.
          </p>
          <button type="button" className={smallButtonClass} onClick={() => void choose('by-hand', unmatched)}>
            Answer them by hand
          </button>
          <button type="button" className={smallButtonClass} onClick={() => void choose('leave-out', unmatched)}>
            Leave them out
          </button>
          <button type="button" className={smallButtonClass} onClick={() => setUnmatched(null)}>
            Cancel
          </button>
        </div>
      )}
    </>
  );
}
