import { createElement, lazy, type ComponentType } from 'react';

/** A page loaded on demand; `preload` starts loading its code and resolves once it is in (or has failed). */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A page loaded on demand. While its chunk loads, the page suspends (the route's Suspense shows 'Loading...'); once
 * loaded, it renders at once, with no Suspense round (the first page, whose code main.tsx waits for, paints in the
 * first frame). If the chunk fails to load, the error is logged and the page stays suspended, so 'Loading...' stays
 * on screen.
 */
export function lazyPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  let failed = false;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        failed = true;
        console.error('Failed to load page', error);
      },
    ));
  const Suspending = lazy(() => preload().then(() => (failed ? new Promise<never>(() => undefined) : { default: loaded! })));
  function Page(props: P) {
    return createElement(loaded ?? Suspending, props);
  }
  return Object.assign(Page, { preload });
}
