import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const isVisible = () => document.visibilityState !== 'hidden';

/** Whether this tab is on screen: false while it is a background tab or minimised (Page Visibility API). */
export const usePageVisible = () => useSyncExternalStore(subscribe, isVisible, () => true);
