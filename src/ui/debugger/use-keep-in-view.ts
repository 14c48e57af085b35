// A pause's panel comes into view at once and stays there while the page settles under it: a panel above that
// grows (Messages so far reading the new history, an editor replacing its placeholder) used to push the paused
// card below the fold (issue 41). Brought back only until the person scrolls, types or clicks themselves.
import { useEffect, type RefObject } from 'react';

/** What the person does that says they are steering the page now. */
const INTENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function isInView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.top < window.innerHeight;
}

/** Scrolls `ref`'s element into view on mount, and again after any layout change until the person takes over. */
export function useKeepInView(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    element.scrollIntoView({ block: 'nearest' });
    if (typeof ResizeObserver === 'undefined') return;
    // The page's height changes whenever anything above the panel grows or shrinks; read once layout is done.
    const observer = new ResizeObserver(() => {
      if (!isInView(element)) element.scrollIntoView({ block: 'nearest' });
    });
    observer.observe(document.body);
    observer.observe(element);
    const stop = () => {
      observer.disconnect();
      for (const intent of INTENTS) window.removeEventListener(intent, stop, true);
    };
    for (const intent of INTENTS) window.addEventListener(intent, stop, { capture: true, passive: true });
    return stop;
  }, [ref]);
}
