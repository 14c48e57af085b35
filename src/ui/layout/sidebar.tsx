// The sidebar: beside the run on wide screens, scrolling on its own; below it on narrow ones. The outline on
// top, then one tab per concern (settings, servers, tools, …). Folded, one button brings it back. Every
// tab's panel stays mounted while hidden, so a half-typed form or a loaded panel is never lost.
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import { PROTOCOL_LOG_TAB, useLayout } from './layout-context';
import { ProtocolLogPane } from './lazy-protocol-log-pane';
import { TabStrip, tabIds, type TabItem } from './tab-strip';

interface SidebarTabProps {
  name: string;
  children: ReactNode;
}

interface TabContent {
  name: string;
  content: ReactNode;
}

/** One tab of the sidebar: `name` on the tab, `children` in its panel. Only meaningful inside <Sidebar>. */
export function SidebarTab({ children }: SidebarTabProps) {
  return <>{children}</>;
}

function tabsOf(children: ReactNode): TabContent[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<SidebarTabProps> => isValidElement(child) && child.type === SidebarTab)
    .map((child) => ({ name: child.props.name, content: child }));
}

const PREFIX = 'sidebar';

/** The Servers tab's mark: how many servers failed, so a failure in a hidden tab is still seen. */
function useServerProblems(): number {
  return useLoupeStore(
    (state) =>
      Object.values(state.serverStates).filter((server) => server.status === 'error' || server.status === 'unreachable')
        .length,
  );
}

function withBadges(tabs: readonly TabContent[], failedServers: number): TabItem[] {
  return tabs.map(({ name }) =>
    name === 'Servers' && failedServers > 0
      ? {
          name,
          note: `${failedServers} ${failedServers === 1 ? 'server has' : 'servers have'} an error`,
          badge: (
            <span
              aria-hidden="true"
              className="rounded-full bg-red-600 px-1.5 text-[10px] leading-4 font-semibold text-white"
            >
              {failedServers}
            </span>
          ),
        }
      : { name },
  );
}

export function Sidebar({ outline, children }: { outline: ReactNode; children: ReactNode }) {
  const tabs = tabsOf(children);
  const { sidebarTab, selectSidebarTab, protocolDock, sidebarOpen: open, setSidebarOpen: setOpen } = useLayout();
  const failedServers = useServerProblems();
  const all: TabContent[] =
    protocolDock === 'sidebar' ? [...tabs, { name: PROTOCOL_LOG_TAB, content: <ProtocolLogPane /> }] : [...tabs];
  const selected = all.some((tab) => tab.name === sidebarTab) ? sidebarTab : (all[0]?.name ?? '');
  return (
    <aside
      aria-label="Settings and servers"
      className="min-w-0 lg:sticky lg:top-14 lg:max-h-[calc(100vh-4rem-var(--dock-height,0px))] lg:overflow-y-auto lg:overscroll-contain lg:pr-1"
    >
      <div className="mb-2 flex justify-end">
        <button
          type="button"
          className={smallButtonClass}
          aria-expanded={open}
          aria-controls="sidebar-panels"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide settings' : 'Show settings'}
        </button>
      </div>
      <div id="sidebar-panels" hidden={!open} className="space-y-4">
        {outline}
        <div>
          <TabStrip
            label="Sidebar"
            prefix={PREFIX}
            tabs={withBadges(all, failedServers)}
            selected={selected}
            onSelect={selectSidebarTab}
          />
          {all.map((tab) => {
            const ids = tabIds(PREFIX, tab.name);
            return (
              <div
                key={tab.name}
                id={ids.panel}
                role="tabpanel"
                aria-labelledby={ids.tab}
                hidden={tab.name !== selected}
                className="space-y-4 pt-3"
              >
                {tab.content}
              </div>
            );
          })}
        </div>
      </div>
    </aside>
  );
}
