import { lazyComponent } from '../app/lazyPage';

/**
 * Menus, popovers and the drawer load on first use (or when their trigger is hovered or focused), which keeps
 * Modal, Popover, transitions and focus trapping out of the landing route's initial JavaScript.
 */
export const loadNavMenus = () => import('./NavMenus');
export const loadCartPanel = () => import('./CartPanel');
export const loadNotificationsPanel = () => import('./NotificationsPanel');

export const LazyAccountMenu = lazyComponent(() => loadNavMenus().then((m) => m.AccountMenu));
export const LazyMoreMenu = lazyComponent(() => loadNavMenus().then((m) => m.MoreMenu));
export const LazyMobileDrawer = lazyComponent(() => loadNavMenus().then((m) => m.MobileDrawer));
export const LazyCartPanel = lazyComponent(() => loadCartPanel().then((m) => m.default));
export const LazyNotificationsPanel = lazyComponent(() => loadNotificationsPanel().then((m) => m.default));

/** Warm a chunk without waiting for it. */
export function prefetch(load: () => Promise<unknown>) {
  return () => {
    void load().catch(() => undefined);
  };
}
