// The debugger's keys: DevTools' F8 / F10 / F11, and DevTools' own second set (Ctrl or ⌘ with \ ' ;) for
// where the browser or the OS takes an F-key (F11 is full screen; laptops map F-keys to media keys).

export type DebuggerAction = 'continue' | 'step-over-round' | 'step';

interface DebuggerKey {
  action: DebuggerAction;
  /** The F-key (`KeyboardEvent.key`). */
  key: string;
  /** The second key's physical code (`KeyboardEvent.code`), pressed with Ctrl or ⌘: layout-independent. */
  code: string;
  /** How the second key prints. */
  char: string;
}

export const DEBUGGER_KEYS: readonly DebuggerKey[] = [
  { action: 'continue', key: 'F8', code: 'Backslash', char: '\\' },
  { action: 'step-over-round', key: 'F10', code: 'Quote', char: "'" },
  { action: 'step', key: 'F11', code: 'Semicolon', char: ';' },
];

type KeyFacts = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** The debugger action a key press asks for, if any: a bare F-key, or Ctrl/⌘ with the second key. */
export function matchDebuggerKey(event: KeyFacts): DebuggerAction | undefined {
  if (event.altKey || event.shiftKey) return undefined;
  const modified = event.ctrlKey || event.metaKey;
  const found = DEBUGGER_KEYS.find((entry) => (modified ? entry.code === event.code : entry.key === event.key));
  return found?.action;
}

/** Whether the platform's modifier is ⌘ (Apple) rather than Ctrl. */
export function usesCommandKey(platform: string): boolean {
  return /Mac|iPhone|iPad|iPod/.test(platform);
}

/** "F11 or Ctrl+;" (or "F11 or ⌘;" on a Mac): both keys for an action, as the UI shows them. */
export function describeDebuggerKeys(action: DebuggerAction, command: boolean): string {
  const entry = DEBUGGER_KEYS.find((candidate) => candidate.action === action);
  if (entry === undefined) return '';
  return `${entry.key} or ${command ? '⌘' : 'Ctrl+'}${entry.char}`;
}

/** {@link describeDebuggerKeys} for this browser's platform. */
export function keysFor(action: DebuggerAction): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform;
  return describeDebuggerKeys(action, usesCommandKey(platform));
}
