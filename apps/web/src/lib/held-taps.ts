import { useEffect } from 'react';

declare global {
  interface Window {
    /** Taps on the prerendered page's buttons before the app started (public/first-paint.js). */
    billowHeldTaps?: HTMLElement[];
  }
}

/** Stops holding taps on the prerendered page's buttons; returns those held, in tap order. */
export function releaseHeldTaps(): HTMLElement[] {
  const held = window.billowHeldTaps ?? [];
  window.billowHeldTaps = undefined;
  return held;
}

/**
 * Once the page's buttons are the app's, taps on them from before it started are replayed:
 * "Get Started" tapped while the script still loads takes the visitor on. A button
 * gone or disabled by then is skipped. Placed beside the page inside the boundary that waits for
 * its code, so it runs once the page itself has been adopted, whichever page was prerendered.
 * Keeps the prerendering behind `npm run bench:app`'s Lighthouse /signup and /auth from losing taps.
 */
export function ReplayHeldTaps(): null {
  useEffect(() => {
    for (const button of releaseHeldTaps()) {
      if (button.isConnected && !(button instanceof HTMLButtonElement && button.disabled))
        button.click();
    }
  }, []);
  return null;
}
