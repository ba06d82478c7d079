/**
 * The dashboard's negotiations card (docs/dashboard.md, "The negotiations card"): up to 3 active
 * negotiations (in progress or waiting for information), 'How it works', and the way into the
 * negotiations section. A row waiting for information opens 'Enter Information for {service}'. A
 * load failure is ignored here: the card then reads as empty.
 */
import { useState } from 'react';
import {
  NEGOTIATIONS_CARD_LIMIT,
  negotiationMessages,
  type NegotiationOffer,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { lazyDialog } from '@/components/lazy-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useNegotiations } from '../api/negotiation-queries';
import { NegotiationRowContent } from './negotiation-row';

// Both dialogs load on demand: the dashboard's first screen does not carry them.
const HowItWorksDialog = lazyDialog(
  async () => (await import('./how-it-works-dialog')).HowItWorksDialog,
  (props) => props.isOpen,
);
const RequiredInfoDialog = lazyDialog(
  async () => (await import('./required-info-dialog')).RequiredInfoDialog,
  (props) => props.offer !== undefined,
);

const negotiationsCardTexts = {
  completedNote:
    'Completed negotiations with gift card codes are kept under View All Negotiations.',
} as const;

const isActive = (offer: NegotiationOffer) =>
  offer.status === 'IN_PROGRESS' || offer.status === 'USER_INPUT_REQUIRED';

export function NegotiationsCard({
  onViewAll,
  onOpenAnnualConversion,
}: {
  onViewAll(): void;
  onOpenAnnualConversion(subscriptionId: string): void;
}) {
  const list = useNegotiations();
  const [isHowOpen, setHowOpen] = useState(false);
  const [formFor, setFormFor] = useState<string>();
  const active = (list.data ?? []).filter(isActive).slice(0, NEGOTIATIONS_CARD_LIMIT);
  const open = list.data?.find(
    (o) => o.subscription_id === formFor && o.status === 'USER_INPUT_REQUIRED',
  );

  function openItem(offer: NegotiationOffer) {
    if (offer.is_annual_conversion_eligible) onOpenAnnualConversion(offer.subscription_id);
    else if (offer.status === 'USER_INPUT_REQUIRED') setFormFor(offer.subscription_id);
  }

  return (
    <Card aria-labelledby="negotiations-title" aria-busy={list.isPending}>
      <div className="flex items-center justify-between gap-3">
        <CardTitle id="negotiations-title" className="text-lg">
          {list.isPending || active.length > 0
            ? negotiationMessages.cardTitle
            : negotiationMessages.cardEmptyTitle}
        </CardTitle>
        <Button variant="link" size="sm" onClick={() => setHowOpen(true)}>
          {negotiationMessages.howItWorks}
        </Button>
      </div>
      {list.isPending ? (
        <Skeleton className="mt-3 h-12 w-full rounded-xl" />
      ) : (
        active.length > 0 && (
          <ul className="mt-3 space-y-2">
            {active.map((offer) => (
              <li key={offer.subscription_id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 rounded-xl p-2 hover:bg-muted disabled:cursor-default disabled:hover:bg-transparent"
                  onClick={() => openItem(offer)}
                  disabled={
                    offer.status !== 'USER_INPUT_REQUIRED' && !offer.is_annual_conversion_eligible
                  }
                >
                  <NegotiationRowContent offer={offer} />
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      <Button variant="outline" className="mt-4 w-full" onClick={onViewAll}>
        {active.length > 0 ? negotiationMessages.viewAll : negotiationMessages.explore}
      </Button>
      <p className="mt-3 text-xs text-muted-foreground">{negotiationsCardTexts.completedNote}</p>
      <HowItWorksDialog
        isOpen={isHowOpen}
        onClose={() => setHowOpen(false)}
        onStart={() => {
          setHowOpen(false);
          onViewAll();
        }}
      />
      <RequiredInfoDialog offer={open} onClose={() => setFormFor(undefined)} />
    </Card>
  );
}
