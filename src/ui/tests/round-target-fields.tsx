// Which round a call expectation judges: a select **Round** (Any round, Round N, Last round, First call of a
// tool) and the field its choice needs. Names are plain ("Round", "Round number"): each sits inside its
// expectation's list item, which names it.
import type { RoundTarget } from '../../suite/test-suite';
import { inputClass } from '../common/styles';

const CHOICES = [
  { kind: 'any', label: 'Any round' },
  { kind: 'number', label: 'Round N' },
  { kind: 'last', label: 'Last round' },
  { kind: 'first-call', label: 'First call of a tool' },
] as const;

type Choice = (typeof CHOICES)[number]['kind'];

function targetFor(kind: Choice, firstTool: string): RoundTarget | undefined {
  switch (kind) {
    case 'any':
      return undefined;
    case 'number':
      return { kind: 'number', round: 1 };
    case 'last':
      return { kind: 'last' };
    case 'first-call':
      return { kind: 'first-call', tool: firstTool };
  }
}

export function RoundTargetFields({
  target,
  firstTool,
  onChange,
}: {
  target: RoundTarget | undefined;
  /** The tool a new "First call of a tool" target names (the expectation's own tool, when it has one). */
  firstTool: string;
  /** `undefined`: the whole run (the field is then left out of the file). */
  onChange: (next: RoundTarget | undefined) => void;
}) {
  const kind: Choice = target?.kind ?? 'any';
  return (
    <>
      <select
        aria-label="Round"
        className={`${inputClass} w-auto`}
        value={kind}
        onChange={(event) => onChange(targetFor(event.target.value as Choice, firstTool))}
      >
        {CHOICES.map((choice) => (
          <option key={choice.kind} value={choice.kind}>
            {choice.label}
          </option>
        ))}
      </select>
      {target?.kind === 'number' && (
        <input
          aria-label="Round number"
          type="number"
          min={1}
          step={1}
          className={`${inputClass} w-20`}
          value={target.round}
          onChange={(event) => {
            const round = Number(event.target.value);
            if (Number.isInteger(round) && round >= 1) onChange({ kind: 'number', round });
          }}
        />
      )}
      {target?.kind === 'first-call' && (
        <input
          aria-label="First called tool"
          className={`${inputClass} min-w-24 flex-1`}
          value={target.tool}
          placeholder="tool name"
          onChange={(event) => onChange({ kind: 'first-call', tool: event.target.value })}
        />
      )}
    </>
  );
}
