/**
 * The one way features raise toasts. The toast library stays out of the page's start: the
 * toaster is mounted, and the library loaded, on the first toast. Loading it earlier cost a phone
 * a long task as the page started, most of it the library's stylesheet going into the page.
 * Sonner keeps toasts in a module-level store and replays them to a toaster that
 * subscribes later, so none is lost.
 *
 * Which toasts exist is decided here, by the toast store (docs/appearance.md, "Toasts"): one
 * message at a time, a dismissed one kept closed for the removal delay, and a 20 px swipe to
 * dismiss.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { TOAST } from '@billow/contracts';
import { createToastStore } from './toast-store';

type ToastMessage = Parameters<typeof sonnerToast.success>[0];
type ToastKind = 'success' | 'error' | 'info';

let isToasterWanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function loadSonner() {
  if (!isToasterWanted) {
    isToasterWanted = true;
    for (const listener of listeners) listener();
  }
  return import('sonner');
}

const store = createToastStore({
  limit: TOAST.limit,
  removeDelayMs: TOAST.removeDelayMs,
  onClose: (id) => void loadSonner().then(({ toast }) => toast.dismiss(id)),
});

function show(kind: ToastKind, message: ToastMessage, options?: ExternalToast) {
  const id = store.add();
  void loadSonner().then(({ toast }) =>
    toast[kind](message, {
      ...options,
      id,
      onDismiss: (shown) => {
        store.dismiss(id);
        options?.onDismiss?.(shown);
      },
      onAutoClose: (shown) => {
        store.dismiss(id);
        options?.onAutoClose?.(shown);
      },
    }),
  );
}

export const toast = {
  success: (message: ToastMessage, options?: ExternalToast) => show('success', message, options),
  error: (message: ToastMessage, options?: ExternalToast) => show('error', message, options),
  info: (message: ToastMessage, options?: ExternalToast) => show('info', message, options),
};

const SonnerToaster = lazy(() => import('./sonner-toaster'));

export function Toaster() {
  const isWanted = useSyncExternalStore(
    subscribe,
    () => isToasterWanted,
    () => false,
  );
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onSwipedAway={store.dismissOpen} />
    </Suspense>
  );
}
