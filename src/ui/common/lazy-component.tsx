// Code splitting at a component: what the first paint does not need loads as its own chunk, on first render
// or ahead of it (`preload`).
import { Suspense, use, type ComponentType, type ReactNode, type ReactPromise } from 'react';

/** A component whose code loads apart; `preload()` starts the load (once) ahead of the first render. */
export type LazyComponent<Props extends object> = ComponentType<Props> & { preload(): Promise<void> };

/**
 * A component that loads `name` from `load()` the first time it renders (or is preloaded), showing `fallback`
 * (nothing by default) until then. The module is imported once. Once it is there, every render is a plain
 * render — the first one too: React.lazy suspends at its first render even when the chunk was preloaded (its
 * own promise settles a microtask later), and its retry commits with the next cards, so the first imported
 * run mounted 9 cards in one frame where 3 were due.
 */
export function lazyComponent<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
  fallback: ReactNode = null,
): LazyComponent<Props> {
  let loading: ReactPromise<ComponentType<Props>> | undefined;
  const start = (): ReactPromise<ComponentType<Props>> => {
    if (loading !== undefined) return loading;
    const promise: ReactPromise<ComponentType<Props>> = load().then((module) => module[name]);
    // React's `use` reads a promise's `status` and `value` (its thenable protocol) and returns a fulfilled one's
    // value in the same render; one it has not seen before would suspend once, preloaded or not.
    promise.then(
      (component) => Object.assign(promise, { status: 'fulfilled', value: component }),
      () => undefined,
    );
    return (loading = promise);
  };
  function Loaded(props: Props) {
    // `use` in every render (React requires it once it has suspended on it), and the same tree before and
    // after the load (Suspense, this, the component), so nothing mounted remounts then.
    const Component = use(start());
    return <Component {...props} />;
  }
  function LazyComponent(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyComponent.displayName = `Lazy(${name})`;
  LazyComponent.preload = () => Promise.resolve(start()).then(() => undefined);
  return LazyComponent;
}
