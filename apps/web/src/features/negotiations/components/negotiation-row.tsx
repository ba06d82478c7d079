/** One negotiation in a list: logo, service, what it costs now and may save, and its badge. */
import { formatDollars, type NegotiationOffer } from '@billow/contracts';
import { MerchantLogo } from '@/components/merchant-logo';
import { NegotiationBadge } from './negotiation-badge';

export function NegotiationRowContent({ offer }: { offer: NegotiationOffer }) {
  return (
    <>
      <MerchantLogo name={offer.service_name} website={offer.merchant_website_url} isDecorative />
      <span className="min-w-0 flex-1 text-left">
        <span className="block truncate font-medium">{offer.service_name}</span>
        <span className="block text-xs text-muted-foreground">
          {formatDollars(offer.current_price)} · save up to {formatDollars(offer.estimated_savings)}
          /yr
        </span>
      </span>
      <NegotiationBadge status={offer.status} />
    </>
  );
}
