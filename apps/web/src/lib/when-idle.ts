/**
 * Runs `work` once the browser has nothing more urgent to do, in a task of its own: for fetching
 * code and images the person will probably need next without holding up the page's start.
 * Safari has no requestIdleCallback.
 */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work);
  else setTimeout(work, 1);
}
