/**
 * What the assistant says to "how do I cancel X" (docs/cancellations.md): the merchant's own
 * cancellation facts from the catalogue (the same ones the cancel sheet shows), or the generic
 * guide for a merchant Billow does not know, and the offer to do it from the subscription. The
 * demo says it in words (`howToCancel`); an OpenAI-compatible model gets the facts as the
 * `get_cancellation_guide` tool's answer (`cancellationFacts`).
 */
import {
  CHARGES_PER_YEAR,
  OPEN_CANCELLATION_STATUSES,
  cancellationGuideOf,
  cancellationOf,
  cancellationWaysFor,
  centsToDollars,
  dollarsToCents,
  findMerchant,
  formatPhoneNumber,
  formatPrice,
  merchants,
  type Cancellation,
  type CancellationChannel,
  type Subscription,
} from '@billow/contracts';
import type { FinanceReader } from './chat-model';
import { billIn } from './question-parts';

const CHANNEL_WORDS: Record<CancellationChannel, string> = {
  online: 'online',
  phone: 'by phone',
  email: 'by email',
  letter: 'by letter',
  in_person: 'in person',
};

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

export function howToCancel(
  subscription: Pick<Subscription, 'merchant_name' | 'merchant_website_url'> | undefined,
): string {
  const offer = (name: string) =>
    ` Billow can do it for you: open ${name} in your bills and tap Cancel subscription (Billow calls for you, or gives you the steps or a ready letter), then it watches your bank to be sure the charges stop.`;
  if (!subscription)
    return `To cancel a subscription: sign in to the merchant's website or app, open the account or billing settings and choose cancel; do it a day or two before the next charge, and keep the confirmation.${offer('it')}`;
  const name = subscription.merchant_name;
  const merchant = findMerchant({
    merchantName: name,
    merchantWebsite: subscription.merchant_website_url ?? null,
  });
  const guide = cancellationOf(merchant);
  const parts = [
    merchant
      ? `${name} takes cancellations ${list(guide.channels.map((c) => CHANNEL_WORDS[c]))}.`
      : `Billow does not know ${name}'s cancellation yet; most merchants take one ${list(guide.channels.map((c) => CHANNEL_WORDS[c]))}.`,
    guide.pageUrl ? `Its cancellation page: ${guide.pageUrl}.` : '',
    guide.phone && guide.channels.includes('phone')
      ? `Its line: ${formatPhoneNumber(guide.phone)}.`
      : '',
    guide.notice ? `Notice: ${guide.notice}` : '',
    guide.notes.length ? `Watch out: ${guide.notes.slice(0, 2).join(' ')}` : '',
  ];
  return `${parts.filter(Boolean).join(' ')}${offer(name)}`;
}

const WAY_WORDS = {
  call: 'Billow calls the merchant to cancel for you',
  self: 'gives you the steps to do it yourself',
  letter: 'gives you a ready cancellation email or letter',
} as const;

const isOpen = (status: string) =>
  (OPEN_CANCELLATION_STATUSES as readonly string[]).includes(status);

/**
 * The demo's answer when the bill's cancellation is already under way: where it stands, and to
 * follow it rather than start another. Undefined when none is open.
 */
export function cancellationUnderWay(
  name: string,
  cancellations: Cancellation[],
  subscriptionId: string,
  describeDay: (day: string) => string,
): string | undefined {
  const open = cancellations.find((c) => c.subscription_id === subscriptionId && isOpen(c.status));
  if (!open) return undefined;
  const number = open.confirmation_number
    ? ` (confirmation number ${open.confirmation_number})`
    : '';
  const where =
    open.status === 'REQUESTED'
      ? `you asked to cancel it, and Billow is waiting for you to say it is done`
      : open.status === 'IN_PROGRESS'
        ? `Billow is on the phone with ${name} to cancel it`
        : `it is confirmed${number}, and Billow is watching your bank${open.watch_until ? ` until ${describeDay(open.watch_until)}` : ''} to be sure the charges stop`;
  return `Your cancellation of ${name} is already under way: ${where}. To follow it, open ${name} in your bills and tap Cancel subscription.`;
}

/**
 * The `get_cancellation_guide` tool's answer: the catalogue's facts for the merchant or bill the
 * person named, whether that is one of their own bills and where its cancellation stands, and
 * what the app's Cancel subscription action does for it. Only this person's data is read.
 */
export async function cancellationFacts(asked: string, finances: FinanceReader) {
  const wanted = asked.trim().toLowerCase();
  const bills = await finances.subscriptions();
  const bill =
    bills.find((s) => s.merchant_name.toLowerCase() === wanted) ??
    (wanted ? billIn(wanted, bills) : undefined);
  const merchant = bill
    ? findMerchant({
        merchantName: bill.merchant_name,
        merchantWebsite: bill.merchant_website_url ?? null,
      })
    : (findMerchant({ merchantName: wanted, merchantWebsite: null }) ??
      merchants.find((m) => m.name.length >= 3 && wanted.includes(m.name.toLowerCase())));
  const name = bill?.merchant_name ?? merchant?.name ?? asked.trim();
  const guide = cancellationOf(merchant);
  const ofBill = bill
    ? (await finances.cancellations()).filter((c) => c.subscription_id === bill.id)
    : [];
  const cancellation = ofBill.find((c) => isOpen(c.status)) ?? ofBill[0];
  const ways = cancellationWaysFor(guide).filter((w) => w.is_available);

  let action: string;
  if (!bill)
    action = `${name} is not one of the bills Billow tracks for this person, so the app's Cancel subscription action is not offered for it: they cancel with the merchant, following the guide.`;
  else if (cancellation && isOpen(cancellation.status))
    action = `A cancellation of ${name} is already under way (${cancellation.status}); do not start another. To follow it, open ${name} in the bills and tap Cancel subscription.`;
  else if (bill.status === 'CANCELLED')
    action = `${name} is cancelled already; there is nothing to cancel. If it charges again, Billow tells the person.`;
  else
    action = `Open ${name} in the bills and tap Cancel subscription: ${list(ways.map((w) => WAY_WORDS[w.way]))}, then Billow watches the bank to be sure the charges stop.`;

  return {
    merchant: name,
    is_known_merchant: Boolean(merchant),
    guide: cancellationGuideOf(guide, !merchant),
    your_subscription: bill
      ? {
          merchant: bill.merchant_name,
          status: bill.status,
          amount: bill.amount,
          price: formatPrice(bill.amount, bill.cadence),
          yearly_cost: centsToDollars(dollarsToCents(bill.amount) * CHARGES_PER_YEAR[bill.cadence]),
          next_due_date: bill.renewal_date,
          cancel_date: bill.cancel_date,
        }
      : null,
    cancellation: cancellation
      ? {
          status: cancellation.status,
          way: cancellation.way,
          requested_at: cancellation.requested_at,
          confirmation_number: cancellation.confirmation_number,
          watch_until: cancellation.watch_until,
          failure_reason: cancellation.failure_reason,
          next_step: cancellation.next_step,
        }
      : null,
    ways_in_app: bill ? ways.map((w) => w.way) : [],
    in_app_action: action,
  };
}
