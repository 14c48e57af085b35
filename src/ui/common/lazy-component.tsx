// Code splitting at a component: what the first paint does not need loads as its own chunk, on first render.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component that loads `name` from `load()` the first time it renders, showing `fallback` (nothing by
 * default) until then. The module is imported once; later renders are plain renders.
 */
export function lazyComponent<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
  fallback: ReactNode = null,
): ComponentType<Props> {
  const Loaded = lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] }));
  function LazyComponent(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyComponent.displayName = `Lazy(${name})`;
  return LazyComponent;
}
