/**
 * A section switch replaces the page's content without a page load, so take people where a
 * page load would: to the top, with focus on the new section's heading (#section-heading).
 * The dashboard route does the same for the sections it switches. A section whose code is still
 * loading has no heading yet: focus moves to it as soon as it appears.
 */
import { useEffect, useRef } from 'react';

/** How long to wait for a loading section's heading before leaving focus where it is. */
const HEADING_WAIT_MS = 10_000;

export function useSectionFocus(section: string) {
  // Compared with the last section rather than "first run", which StrictMode runs twice.
  const shown = useRef(section);
  useEffect(() => {
    if (shown.current === section) return;
    shown.current = section;
    window.scrollTo?.({ top: 0 });
    const heading = () => document.getElementById('section-heading');
    const found = heading();
    if (found) return found.focus();
    const observer = new MutationObserver(() => {
      const appeared = heading();
      if (!appeared) return;
      stop();
      appeared.focus();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [section]);
}
