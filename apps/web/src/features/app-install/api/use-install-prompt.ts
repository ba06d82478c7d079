/** The install card's view of the browser's offer (see `install-prompt.ts`). */
import { useSyncExternalStore } from 'react';
import { currentOffer, setOffer, subscribeToOffer } from './install-prompt';

const isInstalled = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(display-mode: standalone)').matches;

export function useInstallPrompt() {
  const current = useSyncExternalStore(subscribeToOffer, currentOffer);
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
