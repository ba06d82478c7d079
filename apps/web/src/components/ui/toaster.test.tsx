import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST } from '@billow/contracts';
import { ThemeProvider } from '@/lib/theme';
import { createToastStore } from './toast-store';
import { toast, Toaster } from './toaster';

function renderToaster() {
  return render(
    <ThemeProvider>
      <Toaster />
    </ThemeProvider>,
  );
}

describe(createToastStore.name, () => {
  it('keeps one toast at a time: a new one closes and drops the one showing', () => {
    const closed: number[] = [];
    const store = createToastStore({ ...TOAST, onClose: (id) => closed.push(id) });
    const first = store.add();
    const second = store.add();
    expect(store.entries()).toEqual([{ id: second, isOpen: true }]);
    expect(closed).toEqual([first]);
  });

  it('keeps a dismissed toast, closed, for 1,000,000 ms before removing it', () => {
    vi.useFakeTimers();
    const closed: number[] = [];
    const store = createToastStore({ ...TOAST, onClose: (id) => closed.push(id) });
    const id = store.add();
    store.dismiss(id);
    expect(closed).toEqual([id]);
    expect(store.entries()).toEqual([{ id, isOpen: false }]);
    vi.advanceTimersByTime(999_999);
    expect(store.entries()).toEqual([{ id, isOpen: false }]);
    vi.advanceTimersByTime(1);
    expect(store.entries()).toEqual([]);
    store.dismiss(id);
    expect(closed).toEqual([id]);
  });
});

describe('toast', () => {
  it('shows one message at a time: a second toast replaces the first', async () => {
    renderToaster();
    // Neither would leave by itself: only the second can take the first one's place.
    act(() => toast.success('First message', { duration: Infinity }));
    // Found as soon as it is in the page; shown once the toaster has mounted it.
    await waitFor(() => expect(screen.getByText('First message')).toBeVisible());
    act(() => toast.error('Second message', { duration: Infinity }));
    await waitFor(() => expect(screen.getByText('Second message')).toBeVisible());
    await waitFor(() => expect(screen.queryByText('First message')).not.toBeInTheDocument());
  });

  it('is dismissed by a slow swipe up of 20 px, and stays for a 19 px one', async () => {
    renderToaster();
    act(() => toast.info('Swipe me', { duration: Infinity }));
    const message = await screen.findByText('Swipe me');
    const toastElement = message.closest('[data-sonner-toast]')!;

    // A slow swipe: its speed alone would not dismiss it.
    const swipe = (distance: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      fireEvent.pointerDown(toastElement, { clientX: 100, clientY: 100, pointerId: 1 });
      fireEvent.pointerMove(toastElement, { clientX: 100, clientY: 100 - distance, pointerId: 1 });
      vi.setSystemTime(Date.now() + 2000);
      fireEvent.pointerUp(toastElement, { clientX: 100, clientY: 100 - distance, pointerId: 1 });
      vi.useRealTimers();
    };

    swipe(TOAST.swipeThresholdPx - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText('Swipe me')).toBeInTheDocument();

    swipe(TOAST.swipeThresholdPx);
    await waitFor(() => expect(screen.queryByText('Swipe me')).not.toBeInTheDocument());
  });
});
