import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { PageLoading } from '../components/PageLoading';

/** A component loaded on demand; `preload` starts loading its code and resolves once it is in (or has failed). */
export type LazyComponent<P extends object = object> = ComponentType<P> & { preload(): Promise<void> };
/** A page loaded on demand (a `LazyComponent` showing 'Loading...' until its code is in). */
export type LazyPage<P extends object = object> = LazyComponent<P>;

/**
 * A component whose code loads on demand: `fallback` shows until the code is in, then the component renders; once
 * loaded, it renders at once (the first page, whose code main.tsx waits for, paints in the first frame). If the code
 * fails to load, the error is logged and the fallback stays.
 *
 * It never suspends. React reveals a suspended boundary in a "retry" render, which is time-sliced and has no
 * deadline, and every synchronous update (each query answer, each live notification) restarts it from the top: on a
 * busy phone an admin page's 'Loading...' stayed for ten seconds and more after its code was in. The load's own state
 * update renders in one go instead.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { fallback?: () => ReactNode; what?: string } = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        console.error(`Failed to load ${options.what ?? 'part of the page'}`, error);
      },
    ));
  function Lazy(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (component) return;
      let mounted = true;
      void preload().then(() => {
        if (mounted && loaded) setComponent(() => loaded);
      });
      return () => {
        mounted = false;
      };
    }, [component]);
    return component ? createElement(component, props) : (options.fallback?.() ?? null);
  }
  return Object.assign(Lazy, { preload });
}

/** A page loaded on demand, 'Loading...' meanwhile (and for good if its code cannot load). */
export function lazyPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  return lazyComponent(() => load().then((module) => module.default), { fallback: () => createElement(PageLoading), what: 'page' });
}
