/**
 * Moves focus to an element when it appears — the field of a new sign-in step, the heading of
 * a new section — so keyboard and screen-reader users land where the screen changed instead of
 * at the top of the page. (`autoFocus` would do it too, but only for fields and only on the
 * first render of the page.)
 */
import { useEffect, type RefObject } from 'react';

export function useFocusOnMount(ref: RefObject<HTMLElement | null>, isEnabled = true): void {
  useEffect(() => {
    if (isEnabled) ref.current?.focus();
  }, [ref, isEnabled]);
}
