// @vitest-environment happy-dom
// A lazily loaded component renders at once when its chunk was preloaded, and loads its module once.
import { act, createElement, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, type RenderFailure } from './error-boundary';
import { lazyComponent } from './lazy-component';
import { useReactRoot } from '../../../test/support/react-root';

const Card: ComponentType<{ text: string }> = ({ text }) => createElement('p', null, text);

/** A module whose load the test settles by hand (before or after it is asked for), counting the loads. */
function deferredModule() {
  let settle: (outcome: { Card: typeof Card } | Error) => void = () => undefined;
  const loaded = new Promise<{ Card: typeof Card }>((resolve, reject) => {
    settle = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
  });
  // Unhandled until asked for: a rejection the component has not reached yet is not a failure of the test.
  loaded.catch(() => undefined);
  return { load: vi.fn(() => loaded), settle };
}

/** React retries a suspended render in a task of its own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const mounted = useReactRoot();

describe('lazyComponent', () => {
  it('renders a preloaded component in its first commit, with no fallback in between', async () => {
    const module = deferredModule();
    const Lazy = lazyComponent(module.load, 'Card', createElement('i', null, 'loading'));
    const preloaded = Lazy.preload();
    module.settle({ Card });
    await preloaded;
    // One synchronous render, no awaiting inside act: a component that suspended would show the fallback here.
    act(() => mounted.root.render(createElement(Lazy, { text: 'round 1' })));
    expect(mounted.container.innerHTML).toBe('<p>round 1</p>');
  });

  it('shows the fallback until the module is there, then the component; the module loads once', async () => {
    const module = deferredModule();
    const Lazy = lazyComponent(module.load, 'Card', createElement('i', null, 'loading'));
    await act(async () => {
      mounted.root.render(
        createElement('div', null, createElement(Lazy, { text: 'a' }), createElement(Lazy, { text: 'b' })),
      );
      await Promise.resolve();
    });
    expect(mounted.container.innerHTML).toBe('<div><i>loading</i><i>loading</i></div>');
    void Lazy.preload();
    await act(async () => {
      module.settle({ Card });
      await Promise.resolve();
    });
    expect(mounted.container.innerHTML).toBe('<div><p>a</p><p>b</p></div>');
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('keeps the loaded component mounted across renders (its state survives the load)', async () => {
    const module = deferredModule();
    const Lazy = lazyComponent(module.load, 'Card');
    await act(async () => {
      mounted.root.render(createElement(Lazy, { text: 'first' }));
      module.settle({ Card });
      await nextTask();
    });
    expect(mounted.container.innerHTML).toBe('<p>first</p>');
    const shown = mounted.container.firstChild;
    act(() => mounted.root.render(createElement(Lazy, { text: 'second' })));
    expect(mounted.container.innerHTML).toBe('<p>second</p>');
    // The same element, updated: a remount would have replaced it.
    expect(mounted.container.firstChild).toBe(shown);
  });

  it('a module that fails to load reaches the error boundary', async () => {
    const module = deferredModule();
    const Lazy = lazyComponent(module.load, 'Card');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      mounted.root.render(
        createElement(ErrorBoundary, {
          label: 'Card',
          fallback: (failure: RenderFailure) => createElement('b', null, failure.error.message),
          children: createElement(Lazy, { text: 'x' }),
        }),
      );
      module.settle(new Error('chunk gone'));
      await nextTask();
    });
    quiet.mockRestore();
    expect(mounted.container.textContent).toContain('chunk gone');
    await expect(Lazy.preload()).rejects.toThrow('chunk gone');
  });
});
