/**
 * The browser's offer to install Billow (`beforeinstallprompt`, Chromium only). It can fire
 * before React has drawn anything, so it is caught from the start (main.tsx) and kept here;
 * the install card reads it through `useInstallPrompt` (its own module, so every page's first
 * script carries only this listener). Installed (or not offered): no offer.
 * https://developer.mozilla.org/docs/Web/API/BeforeInstallPromptEvent
 */
/** Not in TypeScript's DOM library: Chromium's event, with the two members Billow uses. */
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export function setOffer(next: BeforeInstallPromptEvent | null) {
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

export const currentOffer = () => offer;

export function subscribeToOffer(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
