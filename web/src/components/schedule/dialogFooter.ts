import { createContext } from 'react';

/** Where content inside a dialog puts its action bar (below the scrolling part, always in view), when it is in one. */
export const DialogFooterContext = createContext<HTMLElement | null>(null);
