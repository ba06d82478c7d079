/**
 * The negotiations section (docs/negotiations.md, "On the screen"): every negotiation with its
 * badge, the running call's stages and, once it ended, its outcome and transcript; the 'Required
 * Information' forms of the ones waiting for the person. While bill negotiation is off the whole
 * part is blurred behind an overlay that turns it on (a missing setting counts as on).
 */
import { negotiationMessages, type NegotiationOffer } from '@billow/contracts';
import { SectionHeader } from '@/components/section-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useNegotiations } from '../api/negotiation-queries';
import { CallView } from './call-view';
import { NegotiationRowContent } from './negotiation-row';
import { RequiredInfoForm } from './required-info-form';

const negotiationsSectionTexts = {
  heading: 'Negotiations',
  back: 'Back to home',
  empty: 'No bills to negotiate yet',
  emptyDetail:
    'When Billow finds a bill it can lower (phone, internet, TV, insurance, gym…) in your linked accounts, it shows up here.',
  offTitle: 'Bill negotiation is off',
  offDetail: 'Turn it on and Billow calls your providers to lower your bills.',
  turnOn: 'Turn on bill negotiation',
} as const;

export function NegotiationsSection({
  onBack,
  isNegotiationEnabled,
  onEnable,
  isEnabling,
  onOpenAnnualConversion,
  onOpenAnnualCode,
}: {
  onBack(): void;
  /** Undefined while the profile loads or when the setting is missing: both count as on. */
  isNegotiationEnabled: boolean | undefined;
  onEnable(): void;
  isEnabling: boolean;
  onOpenAnnualConversion(subscriptionId: string): void;
  onOpenAnnualCode(subscriptionId: string): void;
}) {
  const list = useNegotiations();
  const isOff = isNegotiationEnabled === false;

  return (
    <div className="space-y-5" aria-busy={list.isPending}>
      <SectionHeader
        heading={negotiationsSectionTexts.heading}
        backLabel={negotiationsSectionTexts.back}
        onBack={onBack}
      />
      {list.isError && !list.data ? (
        <Card className="py-6 text-center">
          <h2 className="text-lg font-semibold">{negotiationMessages.loadFailedTitle}</h2>
          <p role="alert" className="mt-1 text-sm text-muted-foreground">
            {negotiationMessages.loadFailed}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="mt-4"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            {negotiationMessages.tryAgain}
          </Button>
        </Card>
      ) : (
        <div className="relative">
          <div
            className={cn('space-y-5', isOff && 'pointer-events-none select-none blur-sm')}
            aria-hidden={isOff || undefined}
            inert={isOff || undefined}
          >
            {list.data ? (
              <NegotiationsContent
                offers={list.data}
                onOpenAnnualConversion={onOpenAnnualConversion}
                onOpenAnnualCode={onOpenAnnualCode}
              />
            ) : (
              <>
                <span role="status" className="sr-only">
                  Loading your negotiations
                </span>
                <Skeleton className="h-16 w-full rounded-2xl" />
                <Skeleton className="h-16 w-full rounded-2xl" />
              </>
            )}
          </div>
          {isOff && (
            <div className="absolute inset-0 flex items-start justify-center pt-10">
              <Card className="max-w-sm text-center shadow-lg">
                <h2 className="text-lg font-semibold">{negotiationsSectionTexts.offTitle}</h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  {negotiationsSectionTexts.offDetail}
                </p>
                <Button className="mt-4" onClick={onEnable} disabled={isEnabling}>
                  {negotiationsSectionTexts.turnOn}
                </Button>
              </Card>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function NegotiationsContent({
  offers,
  onOpenAnnualConversion,
  onOpenAnnualCode,
}: {
  offers: NegotiationOffer[];
  onOpenAnnualConversion(subscriptionId: string): void;
  onOpenAnnualCode(subscriptionId: string): void;
}) {
  if (offers.length === 0) {
    return (
      <Card className="text-center">
        <h2 className="font-semibold">{negotiationsSectionTexts.empty}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{negotiationsSectionTexts.emptyDetail}</p>
      </Card>
    );
  }
  const waiting = offers.filter((o) => o.status === 'USER_INPUT_REQUIRED');
  return (
    <>
      <Card>
        <ul className="divide-y">
          {offers.map((offer) => {
            const target = offer.is_annual_conversion_eligible
              ? () => onOpenAnnualConversion(offer.subscription_id)
              : offer.status === 'SUCCESSFUL' && offer.has_assigned_gift_card
                ? () => onOpenAnnualCode(offer.subscription_id)
                : undefined;
            return (
              <li key={offer.subscription_id} className="space-y-2 py-3">
                {target ? (
                  <button type="button" className="flex w-full items-center gap-3" onClick={target}>
                    <NegotiationRowContent offer={offer} />
                  </button>
                ) : (
                  <div className="flex items-center gap-3">
                    <NegotiationRowContent offer={offer} />
                  </div>
                )}
                <CallView offer={offer} />
              </li>
            );
          })}
        </ul>
      </Card>
      {waiting.length > 0 && (
        <Card>
          <h2 className="text-lg font-semibold">{negotiationMessages.requiredInformation}</h2>
          <div className="mt-3 space-y-6">
            {waiting.map((offer) => (
              <section
                key={offer.subscription_id}
                aria-label={offer.service_name}
                className="space-y-3"
              >
                <h3 className="font-medium">{offer.service_name}</h3>
                <RequiredInfoForm offer={offer} />
              </section>
            ))}
          </div>
        </Card>
      )}
    </>
  );
}
