import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { refreshTokens } from '@/features/auth/api/refresh-tokens';
import { ThemeProvider } from '@/lib/theme';
import { SessionProvider } from '@/lib/session/session';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  // Stable, so the session's sign-out (and what it registers with the request helper) is too.
  const clearCache = useCallback(() => queryClient.clear(), [queryClient]);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider refreshTokens={refreshTokens} onSignedOut={clearCache}>
          <TooltipProvider>
            {children}
            <Toaster />
          </TooltipProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
