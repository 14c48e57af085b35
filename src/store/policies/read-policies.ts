// Pure guard for stored loop policies: each bad field is dropped on its own, never the whole object.
import { DEFAULT_COMPACTION, type CompactionPolicy, type LoopLimits } from '../../shared/loop-policies';
import type { PolicySettings } from './policy-defaults';
import { isRecord } from '../../shared/is-record';

const isWhole = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;
const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((name) => typeof name === 'string');

function readLimits(value: unknown): LoopLimits {
  if (!isRecord(value)) return {};
  const limits: LoopLimits = {};
  if (isWhole(value.maxToolCalls, 1)) limits.maxToolCalls = value.maxToolCalls;
  if (isWhole(value.maxToolCallsPerRound, 1)) limits.maxToolCallsPerRound = value.maxToolCallsPerRound;
  if (isWhole(value.wallTimeMs, 1)) limits.wallTimeMs = value.wallTimeMs;
  if (isWhole(value.maxTotalTokens, 1)) limits.maxTotalTokens = value.maxTotalTokens;
  if (typeof value.maxCostUsd === 'number' && Number.isFinite(value.maxCostUsd) && value.maxCostUsd > 0)
    limits.maxCostUsd = value.maxCostUsd;
  if (value.noRoundLimit === true) limits.noRoundLimit = true;
  return limits;
}

function readCompaction(value: unknown): CompactionPolicy | undefined {
  if (!isRecord(value)) return undefined;
  const { mode } = value;
  return {
    mode: mode === 'trim' || mode === 'summarise' || mode === 'both' ? mode : 'off',
    thresholdPercent:
      isWhole(value.thresholdPercent, 1) && value.thresholdPercent <= 100
        ? value.thresholdPercent
        : DEFAULT_COMPACTION.thresholdPercent,
    everyRounds: isWhole(value.everyRounds, 0) ? value.everyRounds : DEFAULT_COMPACTION.everyRounds,
    keepRounds: isWhole(value.keepRounds, 0) ? value.keepRounds : DEFAULT_COMPACTION.keepRounds,
  };
}

/** The policy settings in `value` (from storage), keeping only well-formed fields. */
export function readPolicies(value: unknown): PolicySettings {
  if (!isRecord(value)) return {};
  const policies: PolicySettings = {};
  const limits = readLimits(value.limits);
  if (Object.keys(limits).length > 0) policies.limits = limits;
  const { atLimit, duplicates } = value;
  if (atLimit === 'final-answer' || atLimit === 'fallback-brief' || atLimit === 'stop') policies.atLimit = atLimit;
  if (duplicates === 'off' || duplicates === 'warn' || duplicates === 'block') policies.duplicates = duplicates;
  if (isWhole(value.loopGuardRepeats, 0)) policies.loopGuardRepeats = value.loopGuardRepeats;
  if (isWhole(value.maxConcurrency, 1)) policies.maxConcurrency = value.maxConcurrency;
  if (isWhole(value.maxConcurrencyPerServer, 1)) policies.maxConcurrencyPerServer = value.maxConcurrencyPerServer;
  if (isWhole(value.retryBudget, 1)) policies.retryBudget = value.retryBudget;
  if (isWhole(value.maxResultChars, 100)) policies.maxResultChars = value.maxResultChars;
  if (isWhole(value.toolCountWarning, 1)) policies.toolCountWarning = value.toolCountWarning;
  if (typeof value.eagerStart === 'boolean') policies.eagerStart = value.eagerStart;
  if (typeof value.sequentialFallback === 'boolean') policies.sequentialFallback = value.sequentialFallback;
  if (isNames(value.sequentialTools)) policies.sequentialTools = value.sequentialTools;
  if (isNames(value.sequentialServers)) policies.sequentialServers = value.sequentialServers;
  if (isNames(value.directOutputTools)) policies.directOutputTools = value.directOutputTools;
  const compaction = readCompaction(value.compaction);
  if (compaction !== undefined) policies.compaction = compaction;
  return policies;
}
