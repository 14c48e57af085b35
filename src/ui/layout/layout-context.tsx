// Where the page's movable parts are: the sidebar's open tab and the protocol log's dock. Shared by the
// header's "Protocol log" button, the sidebar and the bottom dock, so one choice moves the pane everywhere.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** Where the protocol log is shown: nowhere, docked under the page, or as a sidebar tab. */
export type ProtocolDock = 'closed' | 'bottom' | 'sidebar';

/** The sidebar tab that holds the protocol log while it is docked there. */
export const PROTOCOL_LOG_TAB = 'Protocol log';

interface Layout {
  sidebarTab: string;
  selectSidebarTab: (name: string) => void;
  protocolDock: ProtocolDock;
  /** Moves (or closes) the protocol log; docking it in the sidebar also opens its tab there. */
  dockProtocolLog: (dock: ProtocolDock) => void;
}

const LayoutContext = createContext<Layout | null>(null);

export function LayoutProvider({ children, firstTab }: { children: ReactNode; firstTab: string }) {
  const [sidebarTab, selectSidebarTab] = useState(firstTab);
  const [protocolDock, setProtocolDock] = useState<ProtocolDock>('closed');
  const value = useMemo<Layout>(
    () => ({
      sidebarTab,
      selectSidebarTab,
      protocolDock,
      dockProtocolLog: (dock) => {
        setProtocolDock(dock);
        if (dock === 'sidebar') selectSidebarTab(PROTOCOL_LOG_TAB);
        // The log's tab goes with it: the sidebar falls back to its first tab rather than to nothing.
        else selectSidebarTab((tab) => (tab === PROTOCOL_LOG_TAB ? firstTab : tab));
      },
    }),
    [sidebarTab, protocolDock, firstTab],
  );
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): Layout {
  const layout = useContext(LayoutContext);
  if (layout === null) throw new Error('useLayout needs a <LayoutProvider> above it.');
  return layout;
}
