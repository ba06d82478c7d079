/**
 * Where the tokens live (docs/sign-in.md, "Session"): identity and access tokens in session
 * storage, the refresh token in local storage so a new tab or a restart can restore the session.
 */
import {
  ACCESS_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
} from '@billow/contracts';

export type StoredTokens = {
  token: string;
  accessToken: string;
  refreshToken?: string | undefined;
};

export const tokenStorage = {
  read(): { token: string | null; accessToken: string | null; refreshToken: string | null } {
    return {
      token: sessionStorage.getItem(TOKEN_STORAGE_KEY),
      accessToken: sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
      refreshToken: localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY),
    };
  },
  write(tokens: StoredTokens): void {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, tokens.token);
    sessionStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokens.accessToken);
    if (tokens.refreshToken) localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, tokens.refreshToken);
  },
  clear(): void {
    sessionStorage.removeItem(TOKEN_STORAGE_KEY);
    sessionStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    localStorage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
  },
};
