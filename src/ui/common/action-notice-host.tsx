// Where the action notice goes: an empty live region until the first announcement, which loads the notice itself
// (action-notice.tsx) — nothing is announced before a person acts, so its code stays out of the first load. The
// region is there from the start (a region added with its text is not read out by every screen reader).
import { useEffect, useState } from 'react';
import { lazyComponent } from './lazy-component';
import { latestAnnouncement, onAnnouncement } from './announce';

const emptyRegion = <div role="status" aria-label="Action result" className="sr-only" />;
const ActionNotice = lazyComponent(() => import('./action-notice'), 'ActionNotice', emptyRegion);

export function ActionNoticeHost() {
  const [needed, setNeeded] = useState(() => latestAnnouncement() !== undefined);
  useEffect(() => (needed ? undefined : onAnnouncement(() => setNeeded(true))), [needed]);
  return needed ? <ActionNotice /> : emptyRegion;
}
