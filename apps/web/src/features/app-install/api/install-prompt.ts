/**
 * The browser's offer to install Billow (`beforeinstallprompt`, Chromium only). It can fire
 * before React has drawn anything, so it is caught from the start (main.tsx) and kept here;
 * the install card reads it through `useInstallPrompt`. Installed (or not offered): no offer.
 * https://developer.mozilla.org/docs/Web/API/BeforeInstallPromptEvent
 */
import { useSyncExternalStore } from 'react';

/** Not in TypeScript's DOM library: Chromium's event, with the two members Billow uses. */
export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

/** Keeps the browser's offer for the install button instead of its own mini bar. */
export function listenForInstallPrompt(target: Window = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => setOffer(null));
}

const isInstalled = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(display-mode: standalone)').matches;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallPrompt() {
  const current = useSyncExternalStore(subscribe, () => offer);
  return {
    canInstall: current !== null && !isInstalled(),
    /** Shows the browser's install dialog; the offer is used up either way. */
    async install(): Promise<boolean> {
      if (!current) return false;
      await current.prompt();
      const { outcome } = await current.userChoice;
      setOffer(null);
      return outcome === 'accepted';
    },
  };
}
