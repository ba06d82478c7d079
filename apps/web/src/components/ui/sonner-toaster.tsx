/**
 * Toasts with the spec's defaults (part 1 §9): shown 4 s, 3 visible, 14 px apart, 356 px wide.
 * Loaded after the first paint by toaster.tsx, which is what features import.
 */
import { Toaster as Sonner } from 'sonner';
import { TOAST } from '@billow/contracts';
import { useTheme } from '@/lib/theme';

export default function SonnerToaster() {
  const { isDarkMode } = useTheme();
  return (
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
  );
}
