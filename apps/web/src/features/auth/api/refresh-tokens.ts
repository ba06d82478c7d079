/**
 * How the session gets fresh tokens (docs/sign-in.md, "Session"): the stored refresh token is
 * traded at POST /api/auth/refresh. Skip-retry, because a 401 here must end the session rather
 * than ask this very function to refresh again.
 */
import { authRouteRefs } from '@billow/contracts';
import { api } from '@/lib/api-client';
import type { RefreshTokens } from '@/lib/session/session';

export const refreshTokens: RefreshTokens = async (refreshToken) => {
  const tokens = await api(authRouteRefs.refresh, { refreshToken }, { skipRetry: true });
  return {
    token: tokens.token,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  };
};
