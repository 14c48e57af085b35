// The ARIA tabs pattern (WAI-ARIA APG, automatic activation): one tab stop for the whole strip, arrow keys
// move between tabs and open them, Home and End go to the ends. Panels are rendered by the caller.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  name: string;
  /** A mark beside the name (e.g. a problem count); described to assistive technology by `note`. */
  badge?: ReactNode;
  /** Said after the tab's name (aria-describedby), so the name itself stays exact. */
  note?: string;
}

/** Id of the tab `name` in strip `prefix`, and of its panel. */
export function tabIds(prefix: string, name: string): { tab: string; panel: string; note: string } {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { tab: `${prefix}-tab-${slug}`, panel: `${prefix}-panel-${slug}`, note: `${prefix}-note-${slug}` };
}

const nextIndex: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabStrip({
  label,
  prefix,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  prefix: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (name: string) => void;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = nextIndex[event.key];
    if (move === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const index = Math.max(
      0,
      tabs.findIndex((tab) => tab.name === selected),
    );
    const target = tabs[move(index, tabs.length)];
    if (target === undefined) return;
    onSelect(target.name);
    strip.current?.querySelector<HTMLElement>(`#${tabIds(prefix, target.name).tab}`)?.focus();
  };
  return (
    <div
      ref={strip}
      role="tablist"
      aria-label={label}
      className="flex flex-wrap gap-x-0.5 border-b border-zinc-200 dark:border-zinc-800"
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const ids = tabIds(prefix, tab.name);
        const active = tab.name === selected;
        return (
          <button
            key={tab.name}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={ids.panel}
            aria-describedby={tab.note === undefined ? undefined : ids.note}
            tabIndex={active ? 0 : -1}
            className={`-mb-px inline-flex items-center gap-1 border-b-2 px-1.5 py-1.5 text-xs font-medium ${active ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300' : 'border-transparent text-zinc-700 hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white'}`}
            onClick={() => onSelect(tab.name)}
          >
            {tab.name}
            {tab.badge}
            {tab.note !== undefined && (
              <span id={ids.note} hidden>
                {tab.note}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
