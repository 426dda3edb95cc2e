import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import {
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  TOAST_VIEWPORT_MAX_WIDTH,
  ToastProvider,
  Toaster,
  toastReducer,
  useToast,
  type ToastItem,
} from './toast';

let api: ReturnType<typeof useToast>;
function Capture() {
  const toasts = useToast();
  useEffect(() => {
    api = toasts;
  });
  return null;
}

function setup() {
  render(
    <ToastProvider>
      <Capture />
      <Toaster />
      <button type="button">elsewhere</button>
    </ToastProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time: a new toast replaces the one on screen', () => {
    setup();
    act(() => void api.toast({ title: 'First', description: 'one' }));
    act(() => void api.toast({ title: 'Second', description: 'two' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('keeps a toast on screen for 5000 ms', () => {
    setup();
    act(() => void api.toast({ title: 'Saved' }));
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Saved')).toBeVisible();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('dismisses on a swipe right past 50 px, not at 50 px or less', () => {
    setup();
    act(() => void api.toast({ title: 'Swipe me' }));
    const toast = screen.getByTestId('toast');
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 150 });
    fireEvent.pointerUp(toast, { clientX: 150 });
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 151 });
    fireEvent.pointerUp(toast, { clientX: 151 });
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });

  it('does not dismiss on a swipe to the left', () => {
    setup();
    act(() => void api.toast({ title: 'Stay' }));
    const toast = screen.getByTestId('toast');
    fireEvent.pointerDown(toast, { clientX: 200 });
    fireEvent.pointerUp(toast, { clientX: 50 });
    expect(screen.getByText('Stay')).toBeInTheDocument();
  });

  it('F8 moves focus to the notification region', () => {
    setup();
    screen.getByText('elsewhere').focus();
    fireEvent.keyDown(document, { key: 'F8' });
    expect(screen.getByTestId('toast-viewport')).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('limits the viewport to 420 px wide', () => {
    setup();
    expect(TOAST_VIEWPORT_MAX_WIDTH).toBe(420);
    expect(screen.getByTestId('toast-viewport')).toHaveStyle({ maxWidth: '420px' });
  });

  it('can be closed with its close button and Escape', () => {
    setup();
    act(() => void api.toast({ title: 'Close me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Close me')).not.toBeInTheDocument();
    act(() => void api.toast({ title: 'Escape me' }));
    fireEvent.keyDown(screen.getByTestId('toast'), { key: 'Escape' });
    expect(screen.queryByText('Escape me')).not.toBeInTheDocument();
  });

  it('removes a dismissed toast from the list after 1,000,000 ms', () => {
    const open: ToastItem = { id: 1, title: 'x', open: true };
    let state = toastReducer([], { type: 'add', toast: open });
    state = toastReducer(state, { type: 'dismiss', id: 1 });
    expect(state).toEqual([{ ...open, open: false }]);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);

    setup();
    act(() => void api.toast({ title: 'Gone' }));
    act(() => api.dismiss());
    // Still in the list (closed) until the remove delay passes; a later toast is unaffected.
    act(() => jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('announces errors as alerts and other toasts as status', () => {
    setup();
    act(() => void api.toast({ title: 'Oops', variant: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Oops');
    act(() => void api.toast({ title: 'Fine', variant: 'success' }));
    expect(screen.getByRole('status')).toHaveTextContent('Fine');
  });
});
