// Test support: each test gets a fresh React root on an element in the document, unmounted after it.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The current test's root and the element it renders into. */
export interface MountedRoot {
  root: Root;
  container: HTMLElement;
}

/**
 * Registers the hooks that make a root before each test of the file (or `describe`) and unmount it after; read
 * `root` and `container` from the returned object inside a test (a test may replace `root` to mount again).
 */
export function useReactRoot(): MountedRoot {
  const mounted = {} as MountedRoot;
  beforeEach(() => {
    mounted.container = document.createElement('div');
    document.body.append(mounted.container);
    mounted.root = createRoot(mounted.container);
  });
  afterEach(() => {
    act(() => mounted.root.unmount());
    mounted.container.remove();
  });
  return mounted;
}
