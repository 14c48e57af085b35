// A round's facts at a glance: number, model, stop reason, tokens, request size per part, time to first token,
// duration, output speed.
import type { RoundView } from '../../store/run-view';
import { formatDuration, formatTokens } from '../common/format';
import { RoundRequestSize } from './round-request-size';
import { RoundUsageFacts } from './round-usage-facts';
import { describeRoundStop } from './round-state';
import { useRoundOffset } from './use-round-offset';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="text-zinc-600 dark:text-zinc-400">{label} </span>
      <span className="font-mono text-zinc-700 dark:text-zinc-300">{value}</span>
    </span>
  );
}

/** Output tokens per second of the reply, from its first token to its end (the whole reply when none came apart). */
function outputSpeed(round: RoundView): number | undefined {
  const timing = round.responseTiming;
  const tokens = round.usage?.outputTokens;
  if (timing === undefined || tokens === undefined || tokens <= 1) return undefined;
  const from =
    timing.firstTokenAt !== undefined && timing.firstTokenAt < timing.endedAt ? timing.firstTokenAt : timing.startedAt;
  const seconds = (timing.endedAt - from) / 1000;
  return seconds > 0 ? tokens / seconds : undefined;
}

export function RoundHeader({ round }: { round: RoundView }) {
  const offset = useRoundOffset();
  const timing = round.responseTiming;
  const ttft = timing?.firstTokenAt === undefined ? undefined : timing.firstTokenAt - timing.startedAt;
  const duration = timing === undefined ? undefined : timing.endedAt - timing.startedAt;
  const speed = outputSpeed(round);
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-zinc-200 px-4 py-2.5 text-xs dark:border-zinc-800">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Round {round.round + offset}</h3>
      {round.model !== undefined && <span className="font-mono text-zinc-600 dark:text-zinc-400">{round.model}</span>}
      <Fact label="stop" value={describeRoundStop(round)} />
      <Fact
        label="tokens"
        value={`${formatTokens(round.usage?.inputTokens)} in / ${formatTokens(round.usage?.outputTokens)} out`}
      />
      <RoundUsageFacts round={round} />
      <RoundRequestSize round={round.round} shown={round.round + offset} />
      <Fact label="first token" value={formatDuration(ttft)} />
      <Fact label="model time" value={formatDuration(duration)} />
      {speed !== undefined && <Fact label="speed" value={`${speed.toFixed(speed < 10 ? 1 : 0)} tok/s`} />}
      {round.interrupted && <span className="font-medium text-amber-700 dark:text-amber-400">interrupted</span>}
    </header>
  );
}
