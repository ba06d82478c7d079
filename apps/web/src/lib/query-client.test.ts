import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, OFFLINE_CHANGE_MESSAGE, retryDelay, shouldRetry } from './query-client';

describe('query cache settings', () => {
  it('backs off from 1000 ms, doubling, up to 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries 3 times, but not answers that will not change', () => {
    expect(shouldRetry(2, new Error('x'))).toBe(true);
    expect(shouldRetry(3, new Error('x'))).toBe(false);
    expect(shouldRetry(0, new ApiError('HTTP error! status: 404', 'http', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('HTTP error! status: 503', 'http', 503))).toBe(true);
  });

  it('keeps unused data for 300000 ms', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000);
  });
});

describe('changes while offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('are refused at once, sending nothing, instead of waiting to be sent later', async () => {
    const queryClient = createQueryClient();
    const send = vi.fn(() => Promise.resolve('sent'));
    onlineManager.setOnline(false);
    const change = queryClient.getMutationCache().build(queryClient, { mutationFn: send });
    await expect(change.execute(undefined)).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'network',
      message: OFFLINE_CHANGE_MESSAGE,
    });
    expect(send).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send).not.toHaveBeenCalled();
  });
});
