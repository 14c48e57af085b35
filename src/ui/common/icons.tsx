// Small inline SVG icons: glyphs like ⏸ render as a box where the font lacks them; an SVG never does.

/** Two bars: a paused run or pause mark. Decorative (hidden from assistive tech): the words next to it speak. */
export function PauseIcon({ className = 'size-3' }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={`inline-block ${className}`}>
      <rect x="3" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
      <rect x="9.5" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
    </svg>
  );
}
