/**
 * What the assistant says to "how do I cancel X" (docs/cancellations.md): the merchant's own
 * cancellation facts from the catalogue (the same ones the cancel sheet shows), or the generic
 * guide for a merchant Billow does not know, and the offer to do it from the subscription.
 */
import {
  cancellationOf,
  findMerchant,
  formatPhoneNumber,
  type CancellationChannel,
  type Subscription,
} from '@billow/contracts';

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
