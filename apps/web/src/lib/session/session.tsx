/**
 * The signed-in session (docs/sign-in.md, "Session"): restored on start from session storage, or
 * else by refreshing with the stored refresh token; a failed restore clears the stored tokens.
 * The status stays 'loading' until restoring ends, so the route guard does not bounce a
 * returning user to /auth. A 401 that survives the refresh signs the user out. A session that
 * ended that way, or could not be restored, is marked `hasExpired` until the next sign-in or
 * sign-out, so the sign-in page can say why the person is there.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  refreshSession,
  registerRefreshFunction,
  registerUnauthorizedHandler,
} from '../api-client';
import { tokenStorage, type StoredTokens } from './token-storage';

type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** How the session gets new tokens; the sign-in feature supplies it (POST /api/auth/refresh). */
export type RefreshTokens = (refreshToken: string) => Promise<StoredTokens>;

type SessionContextValue = {
  status: SessionStatus;
  /** The last session ended without the person signing out: it expired or was revoked. */
  hasExpired: boolean;
  signIn(tokens: StoredTokens): void;
  signOut(): void;
};

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

export function SessionProvider({
  children,
  refreshTokens,
  onSignedOut,
}: {
  children: ReactNode;
  refreshTokens?: RefreshTokens;
  onSignedOut?: () => void;
}) {
  // With no refresh token there is nothing to restore: signed out from the first render, so a
  // prerendered public page is adopted as it came (a change of session while its route's code
  // loads would make React draw it again).
  const [status, setStatus] = useState<SessionStatus>(() => {
    const stored = tokenStorage.read();
    if (stored.token && stored.accessToken) return 'authenticated';
    return stored.refreshToken ? 'loading' : 'anonymous';
  });

  const [hasExpired, setExpired] = useState(false);

  const signIn = useCallback((tokens: StoredTokens) => {
    tokenStorage.write(tokens);
    setExpired(false);
    setStatus('authenticated');
  }, []);

  const endSession = useCallback(
    (hasSessionExpired: boolean) => {
      tokenStorage.clear();
      setExpired(hasSessionExpired);
      setStatus('anonymous');
      onSignedOut?.();
    },
    [onSignedOut],
  );
  const signOut = useCallback(() => endSession(false), [endSession]);
  const expire = useCallback(() => endSession(true), [endSession]);

  const refresh = useCallback(async (): Promise<boolean> => {
    const { refreshToken } = tokenStorage.read();
    if (!refreshToken || !refreshTokens) return false;
    try {
      tokenStorage.write(await refreshTokens(refreshToken));
      return true;
    } catch {
      return false;
    }
  }, [refreshTokens]);

  useEffect(() => {
    registerRefreshFunction(refresh);
    registerUnauthorizedHandler(expire);
    return () => {
      registerRefreshFunction(undefined);
      registerUnauthorizedHandler(undefined);
    };
  }, [refresh, expire]);

  useEffect(() => {
    if (status !== 'loading') return;
    let isCurrent = true;
    // Through the shared refresh: a request's 401 meanwhile (or strict mode's second run) joins
    // this one instead of spending the same refresh token twice.
    void refreshSession().then((isRestored) => {
      if (!isCurrent) return;
      if (!isRestored) {
        tokenStorage.clear();
        setExpired(true);
      }
      setStatus(isRestored ? 'authenticated' : 'anonymous');
    });
    return () => {
      isCurrent = false;
    };
    // Restore once, on start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const value = useMemo(
    () => ({ status, hasExpired, signIn, signOut }),
    [status, hasExpired, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside SessionProvider');
  return context;
}
