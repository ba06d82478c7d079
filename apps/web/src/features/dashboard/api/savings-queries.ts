/** Lifetime savings: one cache entry for the dashboard banner (and anything else that shows it). */
import { queryOptions } from '@tanstack/react-query';
import { savingsRouteRefs } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { queryDomains } from '@/lib/query-domains';

const savingsKeys = {
  all: queryDomains.savings,
  lifetime: () => [...savingsKeys.all, 'lifetime'] as const,
};

export const savingsQueries = {
  lifetime: () =>
    queryOptions({
      queryKey: savingsKeys.lifetime(),
      queryFn: ({ signal }) => api(savingsRouteRefs.lifetime, undefined, { signal }),
    }),
};
