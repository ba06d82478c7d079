/**
 * What Billow shows instead of a page while the device has no connection: every page needs the
 * server for the person's data, and the service worker never keeps that data. The page comes
 * back by itself when the connection does; "Try again" reloads it.
 */
import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useIsOnline } from '@/lib/use-is-online';

export const offlineTexts = {
  title: "You're offline",
  explainer: 'Billow needs a connection to show your money. Check your connection and try again.',
  retry: 'Try again',
} as const;

export function OfflineScreen() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <WifiOff aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">{offlineTexts.title}</h1>
      <p className="text-muted-foreground">{offlineTexts.explainer}</p>
      <Button onClick={() => window.location.reload()}>{offlineTexts.retry}</Button>
    </main>
  );
}

/** The page while online, the offline screen while not. */
export function OfflineGate({ children }: { children: ReactNode }) {
  return useIsOnline() ? children : <OfflineScreen />;
}
