// The header's "Protocol log" switch: opens the log where it was last docked (at the bottom at first), or closes it.
import { useState } from 'react';
import { secondaryButtonClass } from '../common/styles';
import { useLayout, type ProtocolDock } from './layout-context';

export function ProtocolLogButton() {
  const { protocolDock, dockProtocolLog } = useLayout();
  const [lastDock, setLastDock] = useState<Exclude<ProtocolDock, 'closed'>>('bottom');
  if (protocolDock !== 'closed' && protocolDock !== lastDock) setLastDock(protocolDock);
  const open = protocolDock !== 'closed';
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      aria-pressed={open}
      title={open ? 'Close the protocol log' : 'Watch every MCP message, docked beside the run'}
      onClick={() => dockProtocolLog(open ? 'closed' : lastDock)}
    >
      Protocol log
    </button>
  );
}
