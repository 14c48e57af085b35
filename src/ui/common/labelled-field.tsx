// A labelled control: the label names the control (its accessible name), then a problem or a hint below it.
import { useId, type ReactNode } from 'react';
import { labelClass } from './styles';

interface LabelledFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown in place of the hint while the value cannot be used. */
  problem?: ReactNode;
  /** Renders the control with the id the label points at. */
  children: (id: string) => ReactNode;
}

export function LabelledField({ label, hint, problem, children }: LabelledFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children(id)}
      {problem !== undefined ? (
        <p className="mt-1 text-[11px] text-red-600 dark:text-red-400">{problem}</p>
      ) : (
        hint !== undefined && <p className="mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">{hint}</p>
      )}
    </div>
  );
}
