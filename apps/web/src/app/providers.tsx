import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { refreshTokens } from '@/features/auth/api/refresh-tokens';
import { ThemeProvider } from '@/lib/theme';
import { SessionProvider } from '@/lib/session/session';
import { Toaster } from '@/components/ui/toaster';

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
          {/* No TooltipProvider here: it would put Radix's popper into every first load;
              components/ui/tooltip.tsx brings its own. */}
          {children}
          <Toaster />
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
