// Where the page's movable parts are: the sidebar's open tab, whether it is folded, and the protocol log's dock.
// Shared by the header's "Protocol log" button, the sidebar, the bottom dock and actions that answer in the
// sidebar (Make a test opens its case in Tests), so one choice moves the pane everywhere.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** Where the protocol log is shown: nowhere, docked under the page, or as a sidebar tab. */
export type ProtocolDock = 'closed' | 'bottom' | 'sidebar';

/** The sidebar tab that holds the protocol log while it is docked there. */
export const PROTOCOL_LOG_TAB = 'Protocol log';

interface Layout {
  sidebarTab: string;
  selectSidebarTab: (name: string) => void;
  sidebarOpen: boolean;
  setSidebarOpen: (open: boolean | ((open: boolean) => boolean)) => void;
  /**
   * Unfolds the sidebar on tab `name` and, once that is on screen, focuses the element with id `focusId` (an
   * action's answer: the person lands where the result is).
   */
  showInSidebar: (name: string, focusId?: string) => void;
  protocolDock: ProtocolDock;
  /** Moves (or closes) the protocol log; docking it in the sidebar also opens its tab there. */
  dockProtocolLog: (dock: ProtocolDock) => void;
}

const LayoutContext = createContext<Layout | null>(null);

export function LayoutProvider({ children, firstTab }: { children: ReactNode; firstTab: string }) {
  const [sidebarTab, selectSidebarTab] = useState(firstTab);
  const [sidebarOpen, setSidebarOpen] = useState(true);
  // What to focus once the tab shows, and a count that asks for it after the commit that shows the tab.
  const focusTarget = useRef<string | null>(null);
  const [focusAsks, setFocusAsks] = useState(0);
  const [protocolDock, setProtocolDock] = useState<ProtocolDock>('closed');
  // After the commit that shows the tab: the element is no longer inside a hidden panel, so it can take focus.
  useEffect(() => {
    if (focusTarget.current === null) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  }, [focusAsks]);
  const value = useMemo<Layout>(
    () => ({
      sidebarTab,
      selectSidebarTab,
      sidebarOpen,
      setSidebarOpen,
      showInSidebar: (name, target) => {
        setSidebarOpen(true);
        selectSidebarTab(name);
        if (target === undefined) return;
        focusTarget.current = target;
        setFocusAsks((count) => count + 1);
      },
      protocolDock,
      dockProtocolLog: (dock) => {
        setProtocolDock(dock);
        if (dock === 'sidebar') selectSidebarTab(PROTOCOL_LOG_TAB);
        // The log's tab goes with it: the sidebar falls back to its first tab rather than to nothing.
        else selectSidebarTab((tab) => (tab === PROTOCOL_LOG_TAB ? firstTab : tab));
      },
    }),
    [sidebarTab, sidebarOpen, protocolDock, firstTab],
  );
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): Layout {
  const layout = useContext(LayoutContext);
  if (layout === null) throw new Error('useLayout needs a <LayoutProvider> above it.');
  return layout;
}
