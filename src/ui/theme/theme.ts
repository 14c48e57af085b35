// Light or dark: the person's choice when they made one, else the system's preference.
import { getDefaultStorage, readString, writeItem } from '../../store/safe-storage';

export type Theme = 'light' | 'dark';

const THEME_KEY = 'loupe.theme';

export function readInitialTheme(): Theme {
  const stored = readString(getDefaultStorage(), THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies `theme` to the document (Tailwind's `dark` class) and, when `persist`, remembers it. */
export function applyTheme(theme: Theme, persist: boolean): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
  if (persist) writeItem(getDefaultStorage(), THEME_KEY, theme);
}
