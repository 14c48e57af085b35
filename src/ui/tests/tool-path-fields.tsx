// A tool-path expectation's fields: the steps as text (rounds split by "→" or ">", a round's tools by ","),
// and whether other rounds with calls may come between.
import type { Expectation } from '../../suite/test-suite';
import { inputClass } from '../common/styles';

type ToolPath = Extract<Expectation, { kind: 'tool-path' }>;

/** `search, fetch → summarize` → `[["search", "fetch"], ["summarize"]]`. */
export function parseToolPath(text: string): string[][] {
  return text
    .split(/→|>/)
    .map((step) =>
      step
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .filter((step) => step.length > 0);
}

export const formatToolPath = (steps: readonly (readonly string[])[]): string =>
  steps.map((step) => step.join(', ')).join(' → ');

export function ToolPathFields({
  expectation,
  label,
  onChange,
}: {
  expectation: ToolPath;
  label: string;
  onChange: (next: Expectation) => void;
}) {
  return (
    <>
      <input
        aria-label={`${label} path`}
        className={`${inputClass} min-w-40 flex-1`}
        defaultValue={formatToolPath(expectation.steps)}
        placeholder="search, fetch → summarize"
        onBlur={(event) => onChange({ ...expectation, steps: parseToolPath(event.target.value) })}
      />
      <label className="inline-flex items-center gap-1.5 text-xs">
        <input
          type="checkbox"
          checked={expectation.gaps}
          onChange={(event) => onChange({ ...expectation, gaps: event.target.checked })}
        />
        Other rounds may come between
      </label>
    </>
  );
}
