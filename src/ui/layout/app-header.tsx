// The page's header, one row at every width (issue 41: three rows, ~130 px, on a 390 px phone). Wide, the actions
// sit in the row; narrow, they fold under a Menu button (a disclosure whose panel floats below the row, so it
// moves nothing), and a Settings button jumps to the sidebar's tabs, which sit after the run there.
import { useState, type ReactNode } from 'react';
import { smallButtonClass } from '../common/styles';
import { useLayout } from './layout-context';

const headerButtonClass = `${smallButtonClass} border border-zinc-300 py-1 dark:border-zinc-700`;

/** The sidebar's selected tab, brought into view and focused (narrow screens: the sidebar is below the run). */
function useJumpToSidebar(): () => void {
  const { sidebarTab, showInSidebar } = useLayout();
  return () => showInSidebar(sidebarTab, `sidebar-tab-${sidebarTab.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
}

export function AppHeader({ actions, end }: { actions: ReactNode; end: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const jumpToSidebar = useJumpToSidebar();
  return (
    <header className="z-20 border-b border-zinc-200 bg-white/85 backdrop-blur lg:sticky lg:top-0 dark:border-zinc-800 dark:bg-zinc-950/85">
      <div className="relative mx-auto flex max-w-[1600px] items-center gap-2 px-4 py-2.5 sm:gap-3">
        <img src="/loupe.svg" alt="" className="size-6" />
        <h1 className="text-base font-semibold tracking-tight">Loupe</h1>
        <span className="hidden text-xs text-zinc-600 lg:inline dark:text-zinc-400">agent tool-loop playground</span>
        {/* The menu closes on Escape and when focus leaves it (a click elsewhere included). */}
        <div
          className="ml-auto flex items-center gap-2"
          onKeyDown={(event) => event.key === 'Escape' && setMenuOpen(false)}
          onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setMenuOpen(false)}
        >
          <button type="button" className={`${headerButtonClass} lg:hidden`} onClick={jumpToSidebar}>
            Settings
          </button>
          <button
            type="button"
            className={`${headerButtonClass} sm:hidden`}
            aria-expanded={menuOpen}
            aria-controls="header-actions"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <div
            id="header-actions"
            className={`${menuOpen ? 'flex' : 'hidden'} absolute top-full right-4 z-30 mt-1 flex-col items-stretch gap-2 rounded-md border border-zinc-200 bg-white p-2 shadow-lg sm:static sm:mt-0 sm:flex sm:flex-row sm:flex-wrap sm:items-center sm:justify-end sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none dark:border-zinc-800 dark:bg-zinc-950 sm:dark:bg-transparent`}
          >
            {actions}
          </div>
          {end}
        </div>
      </div>
    </header>
  );
}
