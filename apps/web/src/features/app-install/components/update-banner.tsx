/**
 * "Update available" with Reload, at the top of every page once a new version of Billow has
 * installed (docs/appearance.md, "Updates"). A banner, not a toast: toasts show one message at a
 * time, and the next confirmation would take the offer away for good.
 */
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { applyUpdate, useWaitingUpdate } from '@/lib/update-offer';

export const updateTexts = {
  available: 'Update available',
  explainer: 'A new version of Billow is ready.',
  reload: 'Reload',
} as const;

export function UpdateBanner() {
  const waiting = useWaitingUpdate();
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-3 border-b bg-muted px-4 py-2 text-sm"
    >
      <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <p>
        <span className="font-semibold">{updateTexts.available}.</span> {updateTexts.explainer}
      </p>
      <Button size="sm" variant="outline" onClick={() => applyUpdate(waiting)}>
        {updateTexts.reload}
      </Button>
    </div>
  );
}
