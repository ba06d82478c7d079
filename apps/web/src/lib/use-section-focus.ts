/**
 * A section switch replaces the page's content without a page load, so take people where a
 * page load would: to the top, with focus on the new section's heading (#section-heading).
 * The dashboard route does the same for the sections it switches.
 */
import { useEffect, useRef } from 'react';

export function useSectionFocus(section: string) {
  // Compared with the last section rather than "first run", which StrictMode runs twice.
  const shown = useRef(section);
  useEffect(() => {
    if (shown.current === section) return;
    shown.current = section;
    window.scrollTo?.({ top: 0 });
    document.getElementById('section-heading')?.focus();
  }, [section]);
}
