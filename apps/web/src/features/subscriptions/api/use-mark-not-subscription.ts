/**
 * "Not a subscription?": the server hides the service for good (it survives re-detection). On
 * success the service leaves the shared list at once, so no screen shows it a moment longer,
 * and the subscriptions and savings are then reloaded from the server, which stays the source
 * of truth.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';
import { subscriptionRouteRefs, type Subscription } from '@billow/contracts';
import { api } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { subscriptionKeys, subscriptionQueries } from './subscription-queries';

export function useMarkNotSubscription() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (subscription: Pick<Subscription, 'id'>) =>
      api(subscriptionRouteRefs.remove, { subscriptionId: subscription.id }),
    onSuccess: async (_result, { id }) => {
      const { queryKey } = subscriptionQueries.list();
      // A reload already in flight may still carry the service; let ours be the last word.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (list) => list?.filter((s) => s.id !== id));
      queryClient.removeQueries({ queryKey: subscriptionKeys.transactions(id) });
      void invalidateDomains(queryClient, ['subscriptions', 'savings']);
    },
  });
}
