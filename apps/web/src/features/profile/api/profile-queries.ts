/** The profile's query keys and fetchers, in one place so every screen shares one cache entry. */
import { queryOptions } from '@tanstack/react-query';
import { userRoutes } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { queryDomains } from '@/lib/query-domains';

export const profileKeys = {
  all: queryDomains.profile,
  info: () => [...profileKeys.all, 'info'] as const,
};

export const profileQueries = {
  info: () =>
    queryOptions({
      queryKey: profileKeys.info(),
      queryFn: ({ signal }) => api(userRoutes.profileInfo, undefined, { signal }),
    }),
};
