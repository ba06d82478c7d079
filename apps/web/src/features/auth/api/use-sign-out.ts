/**
 * Signing out: tell the server to revoke the refresh token, then forget the session locally.
 * The server call is best effort — a person who taps Sign Out is signed out on this device
 * even when offline. The session's `signOut` clears the stored tokens and the query cache, and
 * the route guard then sends them to /auth.
 */
import { useCallback, useState } from 'react';
import { authRouteRefs } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session/session';
import { tokenStorage } from '@/lib/session/token-storage';

export function useSignOut(): { signOut(): Promise<void>; isSigningOut: boolean } {
  const session = useSession();
  const [isSigningOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    const { refreshToken } = tokenStorage.read();
    try {
      // Skip-retry: refreshing only to revoke would rotate the very token we are revoking.
      await api(authRouteRefs.logout, refreshToken ? { refreshToken } : {}, { skipRetry: true });
    } catch {
      // Best effort: the local sign-out below is what the person asked for.
    }
    setSigningOut(false);
    session.signOut();
  }, [session]);

  return { signOut, isSigningOut };
}
