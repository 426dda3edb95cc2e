import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_PRIMARY, fontWeights, studioColors } from './theme';

/** Toasts: how they show, stack and go away. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_MAX_WIDTH = 420;
export const TOAST_HOTKEY = 'F8';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

type Action = { type: 'add'; toast: ToastItem } | { type: 'dismiss'; id?: number } | { type: 'remove'; id: number };

export function toastReducer(state: ToastItem[], action: Action): ToastItem[] {
  switch (action.type) {
    case 'add':
      // One at a time: a new toast replaces the one on screen.
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return state.filter((t) => t.id !== action.id);
  }
}

interface ToastApi {
  toast(options: ToastOptions): number;
  dismiss(id?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);
const ToastStateContext = createContext<ToastItem[]>([]);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const removals = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id?: number) => {
    dispatch({ type: 'dismiss', id });
  }, []);

  // A dismissed toast stays in the list (closed) until the remove delay passes.
  useEffect(() => {
    for (const t of toasts) {
      if (!t.open && !removals.current.has(t.id)) {
        removals.current.set(
          t.id,
          setTimeout(() => {
            removals.current.delete(t.id);
            dispatch({ type: 'remove', id: t.id });
          }, TOAST_REMOVE_DELAY_MS),
        );
      }
    }
  }, [toasts]);

  useEffect(() => {
    const pending = removals.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      toast(options) {
        const id = nextId++;
        dispatch({ type: 'add', toast: { variant: 'default', ...options, id, open: true } });
        return id;
      },
      dismiss,
    }),
    [dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      <ToastStateContext.Provider value={toasts}>{children}</ToastStateContext.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}

const variantColors: Record<ToastVariant, { bar: string; bg: string }> = {
  default: { bar: `var(--toast-accent, ${DEFAULT_PRIMARY})`, bg: studioColors.white },
  success: { bar: studioColors.success, bg: studioColors.white },
  error: { bar: studioColors.error, bg: studioColors.surface.error },
};

function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  /** Where a swipe started (null when not swiping): a swipe follows the pointer without the transition. */
  const [swipeFrom, setSwipeFrom] = useState<number | null>(null);
  const remaining = useRef(TOAST_DURATION_MS);
  const startedAt = useRef(0);

  // Shown for 5000 ms (the clock pauses while the pointer or focus is on the toast).
  useEffect(() => {
    if (!toast.open || paused) return;
    startedAt.current = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [toast.open, toast.id, paused, onDismiss]);

  if (!toast.open) return null;
  const colors = variantColors[toast.variant ?? 'default'];

  return (
    <li
      tabIndex={0}
      data-testid="toast"
      data-variant={toast.variant}
      onPointerDown={(e) => setSwipeFrom(e.clientX)}
      onPointerMove={(e) => {
        if (swipeFrom === null) return;
        setOffset(Math.max(0, e.clientX - swipeFrom));
      }}
      onPointerUp={(e) => {
        if (swipeFrom === null) return;
        const moved = e.clientX - swipeFrom;
        setSwipeFrom(null);
        if (moved > SWIPE_THRESHOLD_PX) onDismiss(toast.id);
        else setOffset(0);
      }}
      onPointerCancel={() => {
        setSwipeFrom(null);
        setOffset(0);
      }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss(toast.id);
      }}
      style={{
        position: 'relative',
        display: 'flex',
        gap: 12,
        alignItems: 'flex-start',
        padding: '14px 44px 14px 16px',
        borderRadius: 14,
        background: colors.bg,
        border: `1px solid ${studioColors.line}`,
        borderLeft: `4px solid ${colors.bar}`,
        boxShadow: '0 12px 32px rgba(31, 27, 45, 0.16)',
        transform: `translateX(${offset}px)`,
        opacity: offset ? Math.max(0.3, 1 - offset / 200) : 1,
        transition: swipeFrom === null ? 'transform 150ms ease, opacity 150ms ease' : 'none',
        touchAction: 'pan-y',
        pointerEvents: 'auto',
        outlineColor: colors.bar,
        animation: 'toast-in 180ms ease-out',
      }}
    >
      {/* The live role sits inside the list item (a list may only hold list items). */}
      <div role={toast.variant === 'error' ? 'alert' : 'status'} aria-atomic="true" style={{ minWidth: 0 }}>
        <div style={{ fontWeight: fontWeights.bold, fontSize: 15, color: studioColors.ink }}>{toast.title}</div>
        {toast.description && (
          <div style={{ marginTop: 2, fontSize: 14, color: studioColors.inkSoft, lineHeight: 1.45 }}>{toast.description}</div>
        )}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => onDismiss(toast.id)}
        style={{
          position: 'absolute',
          top: 8,
          right: 8,
          width: 28,
          height: 28,
          border: 0,
          borderRadius: 8,
          background: 'transparent',
          color: studioColors.inkSoft,
          fontSize: 18,
          lineHeight: 1,
          cursor: 'pointer',
        }}
      >
        ×
      </button>
    </li>
  );
}

/** The notification region: F8 moves focus to it; at most 420 px wide. */
export function Toaster() {
  const toasts = useContext(ToastStateContext);
  const api = useToast();
  const region = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) {
        e.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`} role="region">
      <style>{'@keyframes toast-in{from{transform:translateY(8px);opacity:0}to{transform:none;opacity:1}}'}</style>
      <ol
        ref={region}
        tabIndex={-1}
        aria-live="polite"
        data-testid="toast-viewport"
        style={{
          position: 'fixed',
          zIndex: 2000,
          bottom: 0,
          right: 0,
          margin: 0,
          padding: 16,
          listStyle: 'none',
          width: '100%',
          maxWidth: TOAST_VIEWPORT_MAX_WIDTH,
          boxSizing: 'border-box',
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          pointerEvents: 'none',
          outline: 'none',
        }}
      >
        {toasts.map((t) => (
          <ToastCard key={t.id} toast={t} onDismiss={api.dismiss} />
        ))}
      </ol>
    </section>
  );
}
