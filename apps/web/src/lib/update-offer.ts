/**
 * A new version of Billow waiting to take over the page (docs/appearance.md, "Updates"): the
 * service worker's module hands it here when one is installed, and the update banner reads it.
 * Kept apart from the service worker's module so the banner costs the page's first script
 * almost nothing; that module is loaded only after the page has.
 */
import { useSyncExternalStore } from 'react';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(worker: ServiceWorker): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The waiting version, or null while there is none. */
export function useWaitingUpdate(): ServiceWorker | null {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => null,
  );
}

/** Lets the waiting version take over; the page reloads once it controls it. */
export function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
  worker.postMessage({ type: 'skip-waiting' });
}
