/** The overdraft risk the dashboard warns of: asked again whenever the accounts change. */
import { queryOptions } from '@tanstack/react-query';
import { reminderRouteRefs } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { queryDomains } from '@/lib/query-domains';

export const overdraftQueries = {
  risk: () =>
    queryOptions({
      queryKey: [...queryDomains.accounts, 'overdraft-risk'] as const,
      queryFn: ({ signal }) => api(reminderRouteRefs.overdraftRisk, undefined, { signal }),
    }),
};
