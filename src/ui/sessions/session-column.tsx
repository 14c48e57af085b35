// The run column: while another tab owns the session, every control in it is disabled but Take over.
import type { ReactNode } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { lazyComponent } from '../common/lazy-component';

// Lazy: shown only when another tab holds the session, never at first paint (issue 16's first-load budget).
const SessionAccessBanner = lazyComponent(() => import('./session-access-banner'), 'SessionAccessBanner');

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
