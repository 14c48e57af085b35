// The run column: while another tab owns the session, every control in it is disabled but Take over.
import type { ReactNode } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { SessionAccessBanner } from './session-access-banner';

export function SessionColumn({ className, children }: { className: string; children: ReactNode }) {
  const readOnly = useLoupeStore((state) => state.sessionAccess !== 'owner');
  // A disabled fieldset disables the controls inside it, except those in its first legend: the banner.
  return (
    <fieldset disabled={readOnly} className={className}>
      <legend className="contents">
        <SessionAccessBanner />
      </legend>
      {children}
    </fieldset>
  );
}
