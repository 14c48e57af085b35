// The Loop policies panel as data: each group and each field, with how it reads and writes the settings.
import type {
  AtLimitBehaviour,
  CompactionMode,
  DuplicateMode,
  LoopLimits,
  LoopPolicies,
} from '../../shared/loop-policies';
import type { PolicySettings } from '../../store/policies/policy-defaults';

/** How a field reads the effective policies and which settings patch a new value makes. */
interface Access<T> {
  read: (policies: LoopPolicies) => T;
  write: (value: T, policies: LoopPolicies, stored: PolicySettings) => PolicySettings;
}

interface Labelled {
  label: string;
  hint?: string;
}

/** One field of the panel; `kind` picks the control (policy-field.tsx). */
export type PolicyField =
  | (Labelled & { kind: 'whole'; min: number; max: number } & Access<number>)
  | (Labelled & { kind: 'optional-whole'; min: number; max: number } & Access<number | undefined>)
  | (Labelled & { kind: 'dollar' } & Access<number | undefined>)
  | (Labelled & { kind: 'choice'; options: readonly { value: string; label: string }[] } & Access<string>)
  | (Labelled & { kind: 'switch' } & Access<boolean>)
  | (Labelled & { kind: 'names' } & Access<string[]>);

/** A collapsible group of fields: numbers in a two-column grid, choices, switches and lists below. */
export interface PolicyGroup {
  title: string;
  open?: boolean;
  fields: PolicyField[];
}

const limit = (key: Exclude<keyof LoopLimits, 'noRoundLimit'>): Access<number | undefined> => ({
  read: (policies) => policies.limits[key],
  write: (value, _policies, stored) => {
    const { [key]: _old, ...rest } = stored.limits ?? {};
    return { limits: value === undefined ? rest : { ...rest, [key]: value } };
  },
});

/** A top-level policy read and written as is. */
function own<K extends keyof LoopPolicies>(key: K): Access<LoopPolicies[K]> {
  return { read: (policies) => policies[key], write: (value) => ({ [key]: value }) };
}

/** A time policy kept in ms, shown in whole seconds. */
function seconds(key: 'toolTimeoutMs' | 'toolMaxTotalMs' | 'modelIdleTimeoutMs'): Access<number> {
  return {
    read: (policies) => Math.max(1, Math.round(policies[key] / 1000)),
    write: (value) => ({ [key]: value * 1000 }),
  };
}

/** A field of the compaction policy (the rest of it kept as it is). */
function compaction<K extends keyof LoopPolicies['compaction']>(key: K): Access<LoopPolicies['compaction'][K]> {
  return {
    read: (policies) => policies.compaction[key],
    write: (value, policies) => ({ compaction: { ...policies.compaction, [key]: value } }),
  };
}

/** A choice among a closed set of values (the select only offers those). */
function choice<T extends string>(access: Access<T>, options: readonly { value: T; label: string }[]) {
  return {
    kind: 'choice' as const,
    options,
    read: access.read,
    write: (value: string, policies: LoopPolicies, stored: PolicySettings) => {
      const known = options.find((option) => option.value === value);
      return known === undefined ? {} : access.write(known.value, policies, stored);
    },
  };
}

const atLimitOptions: { value: AtLimitBehaviour; label: string }[] = [
  { value: 'final-answer', label: 'Ask for a final answer (no tools)' },
  { value: 'fallback-brief', label: 'Fallback brief to a fresh request' },
  { value: 'stop', label: 'Stop' },
];
const duplicateOptions: { value: DuplicateMode; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'warn', label: 'Warn' },
  { value: 'block', label: 'Block' },
];
/** The Compaction select's options; their labels are part of the UI contract. */
export const compactionOptions: { value: CompactionMode; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'trim', label: 'Trim old tool results' },
  { value: 'summarise', label: 'Summarise old rounds' },
  { value: 'both', label: 'Trim and summarise' },
];

/** Every group of the Loop policies panel, in order. */
export const POLICY_GROUPS: readonly PolicyGroup[] = [
  {
    title: 'Limits',
    open: true,
    fields: [
      {
        kind: 'optional-whole',
        label: 'Max tool calls',
        min: 1,
        max: 10_000,
        hint: 'Per run.',
        ...limit('maxToolCalls'),
      },
      {
        kind: 'optional-whole',
        label: 'Max tool calls per round',
        min: 1,
        max: 1_000,
        hint: 'The rest wait a round.',
        ...limit('maxToolCallsPerRound'),
      },
      {
        kind: 'optional-whole',
        label: 'Wall time (s)',
        min: 1,
        max: 86_400,
        read: (policies) =>
          policies.limits.wallTimeMs === undefined ? undefined : Math.round(policies.limits.wallTimeMs / 1000),
        write: (value, policies, stored) =>
          limit('wallTimeMs').write(value === undefined ? undefined : value * 1000, policies, stored),
      },
      {
        kind: 'optional-whole',
        label: 'Token budget',
        min: 1,
        max: 100_000_000,
        hint: 'All calls, in + out.',
        ...limit('maxTotalTokens'),
      },
      { kind: 'dollar', label: 'Cost budget (USD)', hint: 'Needs a model price.', ...limit('maxCostUsd') },
      {
        kind: 'switch',
        label: 'No round limit',
        hint: 'Max rounds gives way while a wall time, token or cost budget is set.',
        read: (policies) => policies.limits.noRoundLimit === true,
        write: (value, _policies, stored) => {
          const { noRoundLimit: _old, ...rest } = stored.limits ?? {};
          return { limits: value ? { ...rest, noRoundLimit: true } : rest };
        },
      },
      {
        kind: 'whole',
        label: 'Loop guard',
        min: 0,
        max: 20,
        hint: 'Same call or error N times; 0 = off.',
        ...own('loopGuardRepeats'),
      },
      { label: 'At a limit', ...choice(own('atLimit'), atLimitOptions) },
    ],
  },
  {
    title: 'Calls and results',
    fields: [
      { label: 'Duplicates', hint: 'The third identical call.', ...choice(own('duplicates'), duplicateOptions) },
      {
        kind: 'whole',
        label: 'Retry budget',
        min: 1,
        max: 10,
        hint: 'Invalid calls, then withheld.',
        ...own('retryBudget'),
      },
      { kind: 'whole', label: 'Parallel calls', min: 1, max: 64, ...own('maxConcurrency') },
      { kind: 'whole', label: 'Parallel calls per server', min: 1, max: 64, ...own('maxConcurrencyPerServer') },
      {
        kind: 'whole',
        label: 'Result size cap',
        min: 100,
        max: 1_000_000,
        hint: 'Characters sent to the model.',
        ...own('maxResultChars'),
      },
      {
        kind: 'whole',
        label: 'Tool count warning',
        min: 1,
        max: 500,
        hint: 'Warn above this many tools.',
        ...own('toolCountWarning'),
      },
      {
        kind: 'switch',
        label: 'Eager start',
        hint: 'Read-only calls start while the reply still streams.',
        ...own('eagerStart'),
      },
      {
        kind: 'switch',
        label: 'Sequential fallback',
        hint: 'Re-run retryable failures to one server one by one.',
        ...own('sequentialFallback'),
      },
      {
        kind: 'names',
        label: 'Sequential tools',
        hint: 'Exposed names, comma-separated: one call at a time.',
        ...own('sequentialTools'),
      },
      {
        kind: 'names',
        label: 'Sequential servers',
        hint: 'Server names: one call at a time per server.',
        ...own('sequentialServers'),
      },
      {
        kind: 'names',
        label: 'Direct-output tools',
        hint: 'Their result ends the run as the answer.',
        ...own('directOutputTools'),
      },
    ],
  },
  {
    title: 'Timeouts',
    fields: [
      {
        kind: 'whole',
        label: 'Tool timeout (s)',
        min: 1,
        max: 3_600,
        hint: 'Silence allowed; progress restarts it. A server or tool may set its own.',
        ...seconds('toolTimeoutMs'),
      },
      {
        kind: 'whole',
        label: 'Max time per call (s)',
        min: 1,
        max: 86_400,
        hint: 'Even with progress.',
        ...seconds('toolMaxTotalMs'),
      },
      {
        kind: 'whole',
        label: 'Model idle timeout (s)',
        min: 5,
        max: 3_600,
        hint: 'A reply stream silent this long fails.',
        ...seconds('modelIdleTimeoutMs'),
      },
    ],
  },
  {
    title: 'Compaction',
    fields: [
      {
        label: 'Compaction',
        hint: 'Before a follow-up request; the full history stays in the transcript.',
        ...choice(compaction('mode'), compactionOptions),
      },
      {
        kind: 'whole',
        label: 'Compact at (% of context)',
        min: 1,
        max: 100,
        hint: 'A share of the model’s context window (set with the model’s capabilities, under Settings).',
        ...compaction('thresholdPercent'),
      },
      {
        kind: 'whole',
        label: 'Compact every N rounds',
        min: 0,
        max: 1_000,
        hint: 'Whatever the size; 0 = never.',
        ...compaction('everyRounds'),
      },
      {
        kind: 'whole',
        label: 'Rounds kept whole',
        min: 0,
        max: 100,
        hint: 'Besides the current round.',
        ...compaction('keepRounds'),
      },
    ],
  },
];
