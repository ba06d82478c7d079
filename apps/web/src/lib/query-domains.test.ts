import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateDomains, queryDomains } from './query-domains';

describe(invalidateDomains.name, () => {
  it('marks stale the queries of the named domains and leaves the others fresh', async () => {
    const queryClient = new QueryClient();
    const keys = {
      profile: [...queryDomains.profile, 'info'],
      subscriptions: [...queryDomains.subscriptions, 'list'],
      savings: [...queryDomains.savings, 'lifetime'],
      linking: [...queryDomains.linking, 'link-token'],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, 'cached');

    await invalidateDomains(queryClient, ['profile', 'subscriptions']);

    const isStale = (key: readonly string[]) =>
      queryClient.getQueryState(key)?.isInvalidated ?? false;
    expect(isStale(keys.profile)).toBe(true);
    expect(isStale(keys.subscriptions)).toBe(true);
    expect(isStale(keys.savings)).toBe(false);
    expect(isStale(keys.linking)).toBe(false);
  });
});
