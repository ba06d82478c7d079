/**
 * Registers Billow's service worker (public/sw.js, filled in by build/service-worker.ts) in a
 * production build, where there is an app shell to keep. When a new version has installed and
 * waits, the update banner offers to reload into it; otherwise it takes over once every Billow tab is
 * closed. Browsers without service workers (and tests) simply go without.
 */
import { offerUpdate } from '@/lib/update-offer';

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js');
    // A version left waiting by an earlier visit.
    if (registration.waiting && navigator.serviceWorker.controller)
      offerUpdate(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        // Installed while another version controls the page: an update, not the first install.
        if (installing.state === 'installed' && navigator.serviceWorker.controller)
          offerUpdate(installing);
      });
    });
  } catch {
    // Without a service worker Billow still works online; nothing to tell the person.
  }
}
