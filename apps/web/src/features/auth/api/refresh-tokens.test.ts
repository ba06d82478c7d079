import { describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@billow/contracts';
import { ApiError, registerRefreshFunction } from '@/lib/api-client';
import { json, mockApi, problem } from '@test/mock-api';
import { refreshTokens } from './refresh-tokens';

describe('refreshTokens', () => {
  it('trades the refresh token for a new set of tokens', async () => {
    const api = mockApi().on(
      authRoutes.refresh,
      json(200, { token: 't2', accessToken: 'a2', refreshToken: 'r2' }),
    );
    await expect(refreshTokens('r1')).resolves.toEqual({
      token: 't2',
      accessToken: 'a2',
      refreshToken: 'r2',
    });
    expect(api.requestsTo(authRoutes.refresh)[0]!.body).toEqual({ refreshToken: 'r1' });
  });

  it('fails on a refused refresh token without trying to refresh again', async () => {
    const refresh = vi.fn(async () => true);
    registerRefreshFunction(refresh);
    mockApi().on(authRoutes.refresh, problem(401, 'token-expired', 'Refresh token expired'));
    await expect(refreshTokens('old')).rejects.toBeInstanceOf(ApiError);
    expect(refresh).not.toHaveBeenCalled();
    registerRefreshFunction(undefined);
  });
});
