// One round of the loop: the model's reply (streaming) and the tool calls it asked for.
import { memo } from 'react';
import type { RoundView } from '../../store/run-view';
import { RoundExportMenu } from '../exports/round-export-menu';
import { RoundHeader } from './round-header';
import { RoundNotices } from './round-notices';
import { describeMissingReply, isRoundStreaming } from './round-state';
import { ToolCallItem } from './tool-call-item';
import { RoundDebugRow } from '../debugger/round-debug-row';
import { PausePanel } from '../debugger/pause-panel';
import { CallWaterfall } from './call-waterfall';
import { PolicyBadges } from './policy-badges';
import { ReplyBlocks } from './api-blocks/reply-blocks';
import { groupReplyBlocks } from './api-blocks/group-reply-blocks';
import { RoundApiFacts } from './api-blocks/round-api-facts';
import { useRoundOffset } from './use-round-offset';
import { RetryRoundButton } from './retry-round-button';

export const RoundCard = memo(function RoundCard({ round }: { round: RoundView }) {
  // Calls made from code in the API's sandbox show nested under the code-execution call that made them.
  const grouping = groupReplyBlocks(round);
  const toolCalls = grouping.direct;
  const missingReply = describeMissingReply(round);
  // A fork's rounds keep the numbers they have in the original run (the data keeps the run's own numbers).
  const shown = round.round + useRoundOffset();
  return (
    <article
      aria-label={`Round ${shown}`}
      data-round-card={round.round}
      className="scroll-mt-28 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <RoundHeader round={round} />
      <RoundDebugRow round={round} />
      <div className="px-4 empty:hidden pt-3">
        <PausePanel slot={{ round: round.round }} />
      </div>
      <div className="space-y-3 px-4 py-3">
        {missingReply !== undefined && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400 italic">{missingReply}</p>
        )}
        <ReplyBlocks grouping={grouping} streaming={isRoundStreaming(round)} />
        <RoundApiFacts round={round} />
        <RoundNotices notices={round.notices} />
        <RetryRoundButton round={round} />
        <PolicyBadges acts={round.policyActs} />
        {toolCalls.length > 0 && (
          <ul aria-label={`Tool calls of round ${shown}`} className="space-y-2">
            {toolCalls.map((call) => (
              <ToolCallItem key={call.callId} call={call} />
            ))}
          </ul>
        )}
        <CallWaterfall
          calls={round.toolCalls}
          round={shown}
          now={round.endedAt ?? Math.max(0, ...round.toolCalls.map((call) => call.endedAt ?? call.startedAt ?? 0))}
        />
      </div>
      {round.request !== undefined && (round.stopReason !== undefined || round.sent !== undefined) && (
        <RoundExportMenu round={round.round} />
      )}
    </article>
  );
});
