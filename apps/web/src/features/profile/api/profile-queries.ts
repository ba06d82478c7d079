/**
 * The profile's query keys and fetchers, in one place so every screen shares one cache entry.
 * Through a route ref: the route guard asks for the profile on every start (the name step).
 */
import { queryOptions } from '@tanstack/react-query';
import { userRouteRefs } from '@billow/contracts';
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
      queryFn: ({ signal }) => api(userRouteRefs.profileInfo, undefined, { signal }),
      // The route guard reads it first; the page it lets through should not ask again at once.
      // Every change to the profile invalidates it.
      staleTime: 30_000,
    }),
};
