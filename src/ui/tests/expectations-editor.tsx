// A case's expectations: each with its fields, a description and a remove button; a kind to add more.
import { describeExpectation } from '../../suite/describe-expectation';
import type { Expectation, ExpectationKind, RoundTarget } from '../../suite/test-suite';
import { inputClass, labelClass, smallButtonClass } from '../common/styles';
import { defaultExpectation, EXPECTATION_KINDS } from './default-expectation';
import { ExpectationFields } from './expectation-fields';
import { PassRateField } from './pass-rate-field';
import { RoundTargetFields } from './round-target-fields';

type Targeted = Extract<Expectation, { round?: unknown }>;

/** The expectations judged round by round (every call expectation but the path, which spans the rounds). */
const hasRoundTarget = (expectation: Expectation): expectation is Targeted =>
  expectation.kind === 'tools-called' ||
  expectation.kind === 'tool-input' ||
  expectation.kind === 'tool-status' ||
  expectation.kind === 'no-tool-calls';

function withRound(expectation: Targeted, round: RoundTarget | undefined): Expectation {
  const { round: _old, ...rest } = expectation;
  return round === undefined ? rest : { ...rest, round };
}

function withPassRate(expectation: Expectation, minPassRate: number | undefined): Expectation {
  const { minPassRate: _old, ...rest } = expectation;
  return minPassRate === undefined ? rest : { ...rest, minPassRate };
}

export function ExpectationsEditor({
  expectations,
  onChange,
}: {
  expectations: Expectation[];
  onChange: (next: Expectation[]) => void;
}) {
  const firstTool =
    expectations.flatMap((expectation) => (expectation.kind === 'tools-called' ? expectation.tools : []))[0] ?? '';
  const replace = (index: number, next: Expectation) =>
    onChange(expectations.map((old, at) => (at === index ? next : old)));
  return (
    <div>
      <span className={labelClass}>Expectations</span>
      <ol aria-label="Expectations" className="space-y-2">
        {expectations.map((expectation, index) => {
          const label = `Expectation ${index + 1}`;
          const kindLabel =
            EXPECTATION_KINDS.find((entry) => entry.kind === expectation.kind)?.label ?? expectation.kind;
          return (
            <li key={index} aria-label={label} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
              <div className="mb-1 flex items-center gap-2 text-xs">
                <span className="font-medium text-zinc-700 dark:text-zinc-300">
                  {index + 1}. {kindLabel}
                </span>
                {expectation.kind === 'rubric' && (
                  <span className="rounded bg-amber-100 px-1.5 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
                    model-graded
                  </span>
                )}
                <button
                  type="button"
                  className={`${smallButtonClass} ml-auto`}
                  aria-label={`Remove expectation ${index + 1}`}
                  onClick={() => onChange(expectations.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              </div>
              <div className="flex flex-wrap items-start gap-2">
                <ExpectationFields expectation={expectation} label={label} onChange={(next) => replace(index, next)} />
                {hasRoundTarget(expectation) && (
                  <RoundTargetFields
                    target={expectation.round}
                    firstTool={'tool' in expectation ? (expectation.tool ?? firstTool) : firstTool}
                    onChange={(round) => replace(index, withRound(expectation, round))}
                  />
                )}
                <PassRateField
                  label={label}
                  rate={expectation.minPassRate}
                  onChange={(minPassRate) => replace(index, withPassRate(expectation, minPassRate))}
                />
              </div>
              <p className="mt-1 text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
                {describeExpectation(expectation)}
              </p>
            </li>
          );
        })}
      </ol>
      <label className="mt-2 flex items-center gap-2 text-xs">
        <span className="text-zinc-600 dark:text-zinc-400">Add expectation</span>
        <select
          aria-label="Add expectation"
          className={`${inputClass} w-auto`}
          value=""
          onChange={(event) => {
            const kind = event.target.value as ExpectationKind;
            if (kind) onChange([...expectations, defaultExpectation(kind, firstTool)]);
          }}
        >
          <option value="">Choose a kind…</option>
          {EXPECTATION_KINDS.map((entry) => (
            <option key={entry.kind} value={entry.kind}>
              {entry.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
