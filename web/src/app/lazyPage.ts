import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page loaded on demand. If its chunk fails to load, the error is logged and the promise never settles,
 * so the Suspense fallback ('Loading...') stays on screen (spec §2).
 */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.error('Failed to load page', error);
      return new Promise<never>(() => undefined);
    }),
  );
}
