/**
 * The one way features raise toasts. The toast library stays out of the first page load: the
 * toaster is lazily loaded and `toast` loads the library on its first call. Sonner keeps toasts
 * in a module-level store and shows them to the toaster once it mounts, so none is lost.
 */
import { lazy, Suspense } from 'react';
import type { toast as sonnerToast } from 'sonner';

type ToastArgs = Parameters<typeof sonnerToast.success>;

const loadSonner = () => import('sonner');
const SonnerToaster = lazy(() => import('./sonner-toaster'));

export const toast = {
  success: (...args: ToastArgs) => void loadSonner().then(({ toast }) => toast.success(...args)),
  error: (...args: ToastArgs) => void loadSonner().then(({ toast }) => toast.error(...args)),
  info: (...args: ToastArgs) => void loadSonner().then(({ toast }) => toast.info(...args)),
};

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
