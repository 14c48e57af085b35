import { describe, expect, it } from 'vitest';
import { describeDebuggerKeys, matchDebuggerKey } from './debugger-keys';

const press = (key: string, code: string, mods: Partial<Record<'ctrl' | 'meta' | 'alt' | 'shift', boolean>> = {}) => ({
  key,
  code,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
});

describe('matchDebuggerKey', () => {
  it('maps the bare F-keys as DevTools does', () => {
    expect(matchDebuggerKey(press('F8', 'F8'))).toBe('continue');
    expect(matchDebuggerKey(press('F10', 'F10'))).toBe('step-over-round');
    expect(matchDebuggerKey(press('F11', 'F11'))).toBe('step');
  });
  it('maps the second set by physical key with Ctrl or ⌘, whatever the layout prints', () => {
    expect(matchDebuggerKey(press('\\', 'Backslash', { ctrl: true }))).toBe('continue');
    expect(matchDebuggerKey(press('ä', 'Quote', { meta: true }))).toBe('step-over-round');
    expect(matchDebuggerKey(press('ö', 'Semicolon', { ctrl: true }))).toBe('step');
  });
  it('ignores the same characters typed without a modifier, and other chords', () => {
    expect(matchDebuggerKey(press(';', 'Semicolon'))).toBeUndefined();
    expect(matchDebuggerKey(press("'", 'Quote'))).toBeUndefined();
    expect(matchDebuggerKey(press('F8', 'F8', { ctrl: true }))).toBeUndefined();
    expect(matchDebuggerKey(press('F11', 'F11', { shift: true }))).toBeUndefined();
    expect(matchDebuggerKey(press(';', 'Semicolon', { ctrl: true, alt: true }))).toBeUndefined();
    expect(matchDebuggerKey(press('a', 'KeyA', { ctrl: true }))).toBeUndefined();
  });
});

describe('describeDebuggerKeys', () => {
  it('names both keys, with the platform modifier', () => {
    expect(describeDebuggerKeys('step', false)).toBe('F11 or Ctrl+;');
    expect(describeDebuggerKeys('continue', true)).toBe('F8 or ⌘\\');
  });
});
