// @vitest-environment happy-dom
// A load gate shows its children once its loads have settled, a failed one included.
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createLoadGate } from './load-gate';
import { useReactRoot } from '../../../test/support/react-root';

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

const shown = () => mounted.container.textContent;

const mounted = useReactRoot();

describe('createLoadGate', () => {
  it('shows its children once every load has settled, a failed one too, and starts each load once', async () => {
    const first = manualLoad();
    const second = manualLoad();
    const Gate = createLoadGate([first.start, second.start]);
    act(() => mounted.root.render(createElement(Gate, null, 'the timeline')));
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
    act(() => mounted.root.render(createElement(Gate, null, 'first')));
    await settle(() => only.load.resolve());
    act(() => mounted.root.render(null));
    const commits: string[] = [];
    const Probe = () => {
      commits.push('rendered');
      return 'again';
    };
    // One synchronous render, no awaiting inside act: a gate that waited again would show nothing here.
    act(() => mounted.root.render(createElement(Gate, null, createElement(Probe))));
    expect(shown()).toBe('again');
    expect(commits).toEqual(['rendered']);
    expect(only.load.starts).toBe(1);
  });

  it('shows its fallback until the loads settle, then its children in its place', async () => {
    const only = manualLoad();
    const Gate = createLoadGate([only.start]);
    act(() =>
      mounted.root.render(createElement(Gate, { fallback: 'No run yet.', children: 'the panels and the timeline' })),
    );
    expect(shown()).toBe('No run yet.');
    await settle(() => only.load.resolve());
    expect(shown()).toBe('the panels and the timeline');
  });
});
