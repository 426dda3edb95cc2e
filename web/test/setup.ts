import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// find*/waitFor wait up to 5 s (default 1 s): lazy page chunks load slowly when CI shares the machine. A state that
// never comes still fails; only the patience grows.
configure({ asyncUtilTimeout: 5000 });

/** The viewport width `window.matchMedia` answers for (MUI's useMediaQuery); see test/utils.tsx setViewportWidth. */
const viewport = () => (window as unknown as { __viewportWidth?: number }).__viewportWidth ?? 1280;

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min && viewport() < Number(min[1])) return false;
  if (max && viewport() > Number(max[1])) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

window.scrollTo = (() => undefined) as typeof window.scrollTo;

beforeEach(() => {
  (window as unknown as { __viewportWidth?: number }).__viewportWidth = 1280;
  localStorage.clear();
});

// jsdom has no PointerEvent; a MouseEvent subclass carries clientX for the swipe tests.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    pointerId: number;
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
}
