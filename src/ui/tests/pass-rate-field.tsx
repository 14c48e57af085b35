// How often an expectation must hold over a batch of runs, in percent ("holds in at least 80 % of the runs").
// Empty or 100 %: every run.
import { inputClass } from '../common/styles';

export function PassRateField({
  label,
  rate,
  onChange,
}: {
  label: string;
  rate: number | undefined;
  onChange: (rate: number | undefined) => void;
}) {
  return (
    <label className="inline-flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
      holds in at least
      <input
        aria-label={`${label} minimum pass rate`}
        type="number"
        min={1}
        max={100}
        step={1}
        className={`${inputClass} w-20`}
        value={rate === undefined ? 100 : Math.round(rate * 100)}
        onChange={(event) => {
          const percent = Number(event.target.value);
          if (!Number.isInteger(percent) || percent < 1 || percent > 100) return;
          onChange(percent === 100 ? undefined : percent / 100);
        }}
      />
      % of runs
    </label>
  );
}
