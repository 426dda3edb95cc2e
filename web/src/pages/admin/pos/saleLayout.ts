import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** Where the sale panel sticks below the app bar, and the room it leaves at the window's foot. */
export const STICKY_TOP = 80;
const FOOT_ROOM = 16;

/**
 * At md and up the sale fits the window from where it sits down to the foot (less once it sticks below the app bar
 * as the page scrolls): the lines take the height left over, the totals and the pay buttons stay in view. Set on the
 * element itself, so scrolling re-renders nothing.
 */
export function useFitToWindow(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const wide = window.matchMedia('(min-width: 900px)');
    let frame = 0;
    const fit = () => {
      frame = 0;
      el.style.maxHeight = wide.matches ? `${window.innerHeight - Math.max(el.getBoundingClientRect().top, STICKY_TOP) - FOOT_ROOM}px` : '';
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    fit();
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { passive: true });
    wide.addEventListener('change', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule);
      wide.removeEventListener('change', schedule);
    };
  }, [ref]);
}

/** The line just added or changed is scrolled into view in the lines list (the newest line is always in sight). */
export function useNewestLineInView(list: RefObject<HTMLElement | null>, lines: readonly { id: string; quantity: number }[]) {
  const seen = useRef(new Map<string, number>());
  useEffect(() => {
    const changed = lines.filter((l) => seen.current.get(l.id) !== l.quantity).at(-1);
    seen.current = new Map(lines.map((l) => [l.id, l.quantity]));
    if (!changed || !list.current) return;
    list.current.querySelector(`[data-line-id="${CSS.escape(changed.id)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [list, lines]);
}

/** Shadows at the lines list's top and foot while more lines sit beyond them (a cue that it scrolls). */
export const scrollShadows = {
  background: `linear-gradient(#fff 30%, rgba(255,255,255,0)) top / 100% 24px no-repeat local,
    linear-gradient(rgba(255,255,255,0), #fff 70%) bottom / 100% 24px no-repeat local,
    radial-gradient(farthest-side at 50% 0, rgba(30,20,60,0.18), transparent) top / 100% 10px no-repeat scroll,
    radial-gradient(farthest-side at 50% 100%, rgba(30,20,60,0.18), transparent) bottom / 100% 10px no-repeat scroll`,
} as const;
