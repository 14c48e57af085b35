// A form field: a label that names its control (the control's accessible name), then an error or a hint below it,
// which the control points at (aria-describedby) so a screen reader reads it with the field. The one home of
// this wiring: forms render their control through a Field instead of writing label, ids and notes each time.
import { useId, type ReactNode } from 'react';
import { labelClass } from './styles';

/** What the control must carry: spread it onto the input, select or textarea (`<input {...control} />`). */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown in place of the hint while the value cannot be used; marks the control invalid. */
  error?: ReactNode;
  /** Shown at the end of the label's line: a button that acts on the field (Refresh models). */
  aside?: ReactNode;
  /** Classes of the field's box (its width in a row of controls). */
  className?: string;
  /** The control's id, where other code must find it (a skip link's target); otherwise one is made. */
  id?: string;
  /** Renders the control with the id the label points at. */
  children: (control: FieldControl) => ReactNode;
}

export function Field({ label, hint, error, aside, className, id: givenId, children }: FieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const noteId = `${id}-note`;
  const note = error ?? hint;
  const control: FieldControl = {
    id,
    ...(note === undefined ? {} : { 'aria-describedby': noteId }),
    ...(error === undefined ? {} : { 'aria-invalid': true }),
  };
  const labelElement = (
    <label htmlFor={id} className={aside === undefined ? labelClass : `${labelClass} mb-0`}>
      {label}
    </label>
  );
  return (
    <div className={className}>
      {aside === undefined ? (
        labelElement
      ) : (
        <div className="mb-1 flex items-center justify-between">
          {labelElement}
          {aside}
        </div>
      )}
      {children(control)}
      {error !== undefined ? (
        <p id={noteId} className="mt-1 text-[11px] text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        hint !== undefined && (
          <p id={noteId} className="mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
