import { lazy } from 'react';

/**
 * Menus, popovers and the drawer load on first use (or when their trigger is hovered or focused), which keeps
 * Modal, Popover, transitions and focus trapping out of the landing route's initial JavaScript.
 */
export const loadNavMenus = () => import('./NavMenus');
export const loadCartPanel = () => import('./CartPanel');
export const loadNotificationsPanel = () => import('./NotificationsPanel');

export const LazyAccountMenu = lazy(() => loadNavMenus().then((m) => ({ default: m.AccountMenu })));
export const LazyMoreMenu = lazy(() => loadNavMenus().then((m) => ({ default: m.MoreMenu })));
export const LazyMobileDrawer = lazy(() => loadNavMenus().then((m) => ({ default: m.MobileDrawer })));
export const LazyCartPanel = lazy(loadCartPanel);
export const LazyNotificationsPanel = lazy(loadNotificationsPanel);

/** Warm a chunk without waiting for it. */
export function prefetch(load: () => Promise<unknown>) {
  return () => {
    void load().catch(() => undefined);
  };
}
