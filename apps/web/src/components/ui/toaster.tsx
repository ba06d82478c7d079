/**
 * The one way features raise toasts. The toast library stays out of the page's start: the
 * toaster is mounted, and the library loaded, on the first toast. Loading it earlier cost a phone
 * a long task as the page started, most of it the library's stylesheet going into the page
 * (issue 16). Sonner keeps toasts in a module-level store and replays them to a toaster that
 * subscribes later, so none is lost.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { toast as sonnerToast } from 'sonner';

type ToastArgs = Parameters<typeof sonnerToast.success>;

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

const SonnerToaster = lazy(() => import('./sonner-toaster'));

export const toast = {
  success: (...args: ToastArgs) => void loadSonner().then(({ toast }) => toast.success(...args)),
  error: (...args: ToastArgs) => void loadSonner().then(({ toast }) => toast.error(...args)),
  info: (...args: ToastArgs) => void loadSonner().then(({ toast }) => toast.info(...args)),
};

export function Toaster() {
  const isWanted = useSyncExternalStore(
    subscribe,
    () => isToasterWanted,
    () => false,
  );
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
