// @vitest-environment happy-dom
// A load gate shows its children once its loads have settled, a failed one included.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoadGate } from './load-gate';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A load the test settles by hand, counting how often it was started. */
function manualLoad() {
  const load = { starts: 0, resolve: () => {}, reject: (_error: Error) => {} };
  const start = () => {
    load.starts += 1;
    return new Promise<void>((resolve, reject) => Object.assign(load, { resolve, reject }));
  };
  return { load, start };
}

/** Settles a load inside act, and lets the gate's promise chain run. */
async function settle(change: () => void): Promise<void> {
  await act(async () => {
    change();
    for (let hop = 0; hop < 5; hop += 1) await Promise.resolve();
  });
}

let root: Root;
let container: HTMLElement;
const shown = () => container.textContent;

beforeEach(() => {
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => act(() => root.unmount()));

describe('createLoadGate', () => {
  it('shows its children once every load has settled, a failed one too, and starts each load once', async () => {
    const first = manualLoad();
    const second = manualLoad();
    const Gate = createLoadGate([first.start, second.start]);
    act(() => root.render(createElement(Gate, null, 'the timeline')));
    expect(shown()).toBe('');
    await settle(() => first.load.resolve());
    expect(shown()).toBe('');
    await settle(() => second.load.reject(new TypeError('Failed to fetch')));
    expect(shown()).toBe('the timeline');
    expect([first.load.starts, second.load.starts]).toEqual([1, 1]);
  });

  it('once settled, a gate mounted later shows its children in its first render', async () => {
    const only = manualLoad();
    const Gate = createLoadGate([only.start]);
    act(() => root.render(createElement(Gate, null, 'first')));
    await settle(() => only.load.resolve());
    act(() => root.render(null));
    const commits: string[] = [];
    const Probe = () => {
      commits.push('rendered');
      return 'again';
    };
    // One synchronous render, no awaiting inside act: a gate that waited again would show nothing here.
    act(() => root.render(createElement(Gate, null, createElement(Probe))));
    expect(shown()).toBe('again');
    expect(commits).toEqual(['rendered']);
    expect(only.load.starts).toBe(1);
  });
});
