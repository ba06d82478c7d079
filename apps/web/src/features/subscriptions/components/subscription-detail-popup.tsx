/**
 * The subscription detail popup as the dashboard's cards open it: loaded on demand.
 */
import { lazyDialog } from '@/components/lazy-dialog';

export const SubscriptionDetailPopup = lazyDialog(
  async () => (await import('./subscription-detail-dialog')).SubscriptionDetailDialog,
  (props) => props.subscription !== undefined,
);
