/**
 * Toasts with Billow's defaults (docs/appearance.md, "Toasts"): shown 4 s, 3 visible, 14 px apart,
 * 356 px wide, dismissed by a swipe up of 20 px. Sonner's own swipe needs 45 px (or a quick
 * flick) and cannot be set, so the 20 px swipe is measured here, around it; the toast store
 * (one toast at a time) says which toast that is. Loaded after the first paint by toaster.tsx,
 * which is what features import.
 */
import { useRef, type PointerEvent } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST } from '@billow/contracts';
import { useTheme } from '@/lib/theme';

export default function SonnerToaster({ onSwipedAway }: { onSwipedAway(): void }) {
  const { isDarkMode } = useTheme();
  const swipeStartY = useRef<number | undefined>(undefined);

  function startSwipe(event: PointerEvent<HTMLDivElement>) {
    const target = event.target as Element;
    // A press on the close button or an action is a tap, not a swipe (as Sonner has it).
    const isOnToast = target.closest('[data-sonner-toast]') && !target.closest('button');
    swipeStartY.current = isOnToast ? event.clientY : undefined;
  }

  function endSwipe(event: PointerEvent<HTMLDivElement>) {
    const startY = swipeStartY.current;
    swipeStartY.current = undefined;
    // Toasts sit at the top of the screen and leave upwards.
    if (startY !== undefined && startY - event.clientY >= TOAST.swipeThresholdPx) onSwipedAway();
  }

  return (
    <div
      className="contents"
      onPointerDownCapture={startSwipe}
      onPointerUpCapture={endSwipe}
      onPointerCancelCapture={() => (swipeStartY.current = undefined)}
    >
      <Sonner
        theme={isDarkMode ? 'dark' : 'light'}
        duration={TOAST.durationMs}
        visibleToasts={TOAST.visibleToasts}
        gap={TOAST.gapPx}
        position="top-center"
        closeButton
        style={{ '--width': `${TOAST.widthPx}px` } as React.CSSProperties}
        toastOptions={{ classNames: { toast: 'rounded-2xl' } }}
      />
    </div>
  );
}
