/**
 * What the assistant says about Billow's negotiations, from the person's own offers: every
 * negotiation's status in a line, or, when the question names a merchant, whether that one
 * worked. Shared by the demo model (its answer) and the OpenAI adapter (its tool's result), so
 * both read the same facts.
 */
import {
  formatDollars,
  formatLongDay,
  negotiatedPriceText,
  type NegotiationOffer,
} from '@billow/contracts';

/** "what's happening with my negotiations", "did my Xfinity negotiation work", "negotiation status". */
export function asksNegotiationStatus(question: string): boolean {
  if (!/\bnegotiations?\b/.test(question)) return false;
  if (/\bhow (do|can|could|should|does|would)\b|\bhow to\b/.test(question)) return false;
  return /\bmy\b|status|happening|going|progress|update|result|succe|work|done|finish|news/.test(
    question,
  );
}

/** The offer of the merchant the question names, the longest name first ("AT&T Fiber" over "AT&T"). */
function offerNamedIn(question: string, offers: NegotiationOffer[]): NegotiationOffer | undefined {
  return [...offers]
    .sort((a, b) => b.service_name.length - a.service_name.length)
    .find((o) => question.includes(o.service_name.toLowerCase()));
}

const asked = (offer: NegotiationOffer) =>
  Object.keys(offer.required_user_info ?? {})
    .map((field) => field.replaceAll('_', ' '))
    .join(' and ');

/** One sentence on where a negotiation stands. */
function negotiationSentence(offer: NegotiationOffer): string {
  const name = offer.service_name;
  switch (offer.status) {
    case 'SUCCESSFUL': {
      // The outcome as the negotiations section says it: the bill's one new price.
      const price =
        offer.negotiated_price === null
          ? ''
          : ` ${negotiatedPriceText(name, offer.current_price, offer.negotiated_price, offer.subscription_cadence)}`;
      const until = offer.negotiated_deal_expiry
        ? ` until ${formatLongDay(offer.negotiated_deal_expiry)}`
        : '';
      const saved =
        offer.successful_savings === null
          ? ''
          : ` You save ${formatDollars(offer.successful_savings)}${until}.`;
      return `${name}: successful.${price}${saved}`;
    }
    case 'IN_PROGRESS': {
      const stage = offer.call ? ` (the call is ${offer.call.stage})` : '';
      return `${name}: in progress — Billow is negotiating${stage}.`;
    }
    case 'USER_INPUT_REQUIRED':
      return `${name}: waiting for you — ${name} asks for your ${asked(offer)}. Give it in the negotiations section of your dashboard.`;
    case 'PENDING':
      return `${name}: not started — Billow can try to save you about ${formatDollars(offer.estimated_savings)} a year once Bill Negotiation is on in your profile settings.`;
    case 'REJECTED':
      return `${name}: not successful${offer.rejection_reason ? ` — ${offer.rejection_reason}` : '.'}`;
  }
}

/** The answer to a question about negotiations. */
export function negotiationAnswer(
  question: string,
  offers: NegotiationOffer[],
  namedMerchant: string | undefined,
): string {
  const named = offerNamedIn(question, offers);
  if (named) {
    // "Did it work?" gets its yes or no first.
    const verdict = !/\bdid\b|\bwork|succe/.test(question)
      ? ''
      : named.status === 'SUCCESSFUL'
        ? 'Yes. '
        : named.status === 'REJECTED'
          ? 'No. '
          : 'Not yet. ';
    return `${verdict}${negotiationSentence(named)}`;
  }
  if (namedMerchant) {
    return `Billow has no negotiation for ${namedMerchant}: it negotiates only with merchants it knows how to call.${offers.length > 0 ? ` Your negotiations:\n${lines(offers)}` : ''}`;
  }
  if (offers.length === 0) {
    return "You have no negotiations yet. When Billow finds a bill it can negotiate, it appears in your dashboard's negotiations section.";
  }
  const successful = offers.filter((o) => o.status === 'SUCCESSFUL').length;
  const head = `You have ${offers.length} negotiation${offers.length === 1 ? '' : 's'}${successful ? `, ${successful} successful` : ''}:`;
  return `${head}\n${lines(offers)}`;
}

const lines = (offers: NegotiationOffer[]) =>
  offers.map((o) => `- ${negotiationSentence(o)}`).join('\n');

/** The same facts as data, for a model's tool call. */
export function negotiationFacts(offers: NegotiationOffer[]) {
  return offers.map((o) => ({
    merchant: o.service_name,
    status: o.status,
    current_price: o.current_price,
    target_price: o.target_price,
    negotiated_price: o.negotiated_price,
    cadence: o.subscription_cadence,
    estimated_yearly_savings: o.estimated_savings,
    successful_savings: o.successful_savings,
    savings_type: o.savings_type,
    deal_expires: o.negotiated_deal_expiry,
    rejection_reason: o.rejection_reason,
    information_asked: Object.keys(o.required_user_info ?? {}),
    call_stage: o.call?.stage ?? null,
    summary: negotiationSentence(o),
  }));
}
