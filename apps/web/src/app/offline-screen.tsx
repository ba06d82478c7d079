/**
 * What Billow shows while the device has no connection (docs/appearance.md, "Offline"). A page
 * that has loaded the person's data stays on screen, read-only, under a banner: changes are
 * refused until the connection is back (the query client's doing). Only when nothing was loaded
 * (the service worker never keeps the person's data) does the full offline screen take its
 * place. Everything comes back by itself with the connection; "Try again" reloads.
 */
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useIsOnline } from '@/lib/use-is-online';

export const offlineTexts = {
  title: "You're offline",
  explainer: 'Billow needs a connection to show your money. Check your connection and try again.',
  retry: 'Try again',
  bannerTitle: "You're offline.",
  bannerExplainer: 'Showing what Billow last loaded. Changes need a connection.',
} as const;

function OfflineScreen() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <WifiOff aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">{offlineTexts.title}</h1>
      <p className="text-muted-foreground">{offlineTexts.explainer}</p>
      <Button onClick={() => window.location.reload()}>{offlineTexts.retry}</Button>
    </main>
  );
}

function OfflineBanner() {
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 border-b bg-muted px-4 py-2 text-center text-sm"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <p>
        <span className="font-semibold">{offlineTexts.bannerTitle}</span>{' '}
        {offlineTexts.bannerExplainer}
      </p>
    </div>
  );
}

/**
 * The page while online; offline, the page under the banner when it has loaded data to show,
 * else the offline screen. The page keeps its place in the tree, so it keeps its state (the tab
 * it was on, what was typed) when the banner comes and goes.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const isOnline = useIsOnline();
  const queryClient = useQueryClient();
  if (!isOnline && !hasLoadedData(queryClient)) return <OfflineScreen />;
  return (
    <>
      {!isOnline && <OfflineBanner />}
      {children}
    </>
  );
}

function hasLoadedData(queryClient: ReturnType<typeof useQueryClient>): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.data !== undefined);
}
