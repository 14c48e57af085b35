// A button that says why it cannot be used (issue 41: "Compare runs" greyed out after an import, with no reason).
// While `whyDisabled` is set it is aria-disabled rather than disabled, so it stays focusable: the reason is its
// description (read with it), its tooltip, and — on a press — the action notice.
import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { announce } from './announce';

interface WhyDisabledButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'type'> {
  /** Why the button does nothing now; undefined when it can be used. */
  whyDisabled: string | undefined;
  children: ReactNode;
}

export function WhyDisabledButton({ whyDisabled, onClick, title, children, ...rest }: WhyDisabledButtonProps) {
  const reasonId = useId();
  if (whyDisabled === undefined)
    return (
      <button type="button" title={title} onClick={onClick} {...rest}>
        {children}
      </button>
    );
  return (
    <button
      type="button"
      {...rest}
      aria-disabled="true"
      aria-describedby={reasonId}
      title={whyDisabled}
      onClick={() => announce(whyDisabled)}
    >
      {children}
      <span id={reasonId} hidden>
        {whyDisabled}
      </span>
    </button>
  );
}
