/**
 * One negotiation in a list: logo, service, what it costs and may save, and its badge. Once a
 * negotiation lowered the bill, the row says the bill's one new price in its own cadence and the
 * saving, no longer an estimate (docs/figures.md).
 */
import { formatDollars, formatPrice, type NegotiationOffer } from '@billow/contracts';
import { MerchantLogo } from '@/components/merchant-logo';
import { NegotiationBadge } from './negotiation-badge';

function priceLine(offer: NegotiationOffer): string {
  if (offer.status === 'SUCCESSFUL' && offer.successful_savings !== null) {
    const price =
      offer.negotiated_price === null
        ? formatPrice(offer.current_price, offer.subscription_cadence)
        : `${formatPrice(offer.negotiated_price, offer.subscription_cadence)} · was ${formatDollars(offer.current_price)}`;
    return `${price} · saves ${formatDollars(offer.successful_savings)}${offer.negotiated_price === null ? '' : ' a year'}`;
  }
  if (offer.status === 'REJECTED')
    return formatPrice(offer.current_price, offer.subscription_cadence);
  return `${formatDollars(offer.current_price)} · save up to ${formatDollars(offer.estimated_savings)}/yr`;
}

export function NegotiationRowContent({ offer }: { offer: NegotiationOffer }) {
  return (
    <>
      <MerchantLogo name={offer.service_name} website={offer.merchant_website_url} isDecorative />
      <span className="min-w-0 flex-1 text-left">
        <span className="block font-medium break-words">{offer.service_name}</span>
        <span className="block text-xs text-muted-foreground">{priceLine(offer)}</span>
      </span>
      <NegotiationBadge status={offer.status} />
    </>
  );
}
