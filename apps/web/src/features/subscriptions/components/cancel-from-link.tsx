/**
 * The dashboard opened from a reminder's "To cancel it" link (`/?cancel=<subscription id>`,
 * docs/cancellations.md): the subscription's cancel sheet opens over it. Closing it drops the
 * link's query, so a reload or Back does not open it again.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { subscriptionQueries } from '../api/subscription-queries';
import { CancelSheet } from './cancel-sheet';

const cancelFromLinkTexts = {
  goneTitle: 'Nothing to cancel',
  gone: 'That subscription is no longer in your list.',
  close: 'OK',
} as const;

export function CancelFromLink() {
  const [search, setSearch] = useSearchParams();
  const subscriptionId = search.get('cancel');
  const list = useQuery({ ...subscriptionQueries.list(), enabled: subscriptionId !== null });
  if (!subscriptionId || !list.isSuccess) return null;

  const close = (open: boolean) => {
    if (open) return;
    setSearch(
      (params) => {
        params.delete('cancel');
        return params;
      },
      { replace: true },
    );
  };
  const subscription = list.data.find((s) => s.id === subscriptionId);
  if (subscription) return <CancelSheet subscription={subscription} open onOpenChange={close} />;
  return (
    <Dialog open onOpenChange={close}>
      <DialogContent className="space-y-4">
        <DialogTitle>{cancelFromLinkTexts.goneTitle}</DialogTitle>
        <DialogDescription>{cancelFromLinkTexts.gone}</DialogDescription>
        <DialogClose asChild>
          <Button className="w-full">{cancelFromLinkTexts.close}</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
