// Shared Tailwind class strings, so every control looks and focuses the same.

export const inputClass =
  'w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-400 focus:border-indigo-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500';

export const labelClass = 'mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400';

const buttonBase =
  'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

export const primaryButtonClass = `${buttonBase} bg-indigo-600 text-white hover:bg-indigo-500 disabled:hover:bg-indigo-600`;

export const secondaryButtonClass = `${buttonBase} border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800`;

export const smallButtonClass =
  'rounded px-2 py-0.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

export const panelClass =
  'rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60';

export const panelTitleClass = 'mb-3 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400';

export const monoBlockClass =
  'max-h-80 overflow-auto rounded-md bg-zinc-50 p-2.5 font-mono text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] text-zinc-800 dark:bg-zinc-950/60 dark:text-zinc-200';
