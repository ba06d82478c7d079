/**
 * How a person leaves each merchant Billow knows (docs/cancellations.md), by the merchant's slug in
 * the catalogue (merchants.ts): every catalogue merchant has its facts here (a test checks). Kept
 * apart from the catalogue because the sign-up funnel and the dashboard's first screen read the
 * catalogue and never these; only the cancel sheet and the assistant do.
 */
import type { Merchant } from './merchants';

/**
 * The ways a merchant accepts a cancellation. A plain list, not a schema: the dashboard reads
 * this module, and a zod value made here would bring zod into its first script (the schema is in
 * cancellations.ts).
 */
export const CANCELLATION_CHANNELS = ['online', 'phone', 'email', 'letter', 'in_person'] as const;
export type CancellationChannel = (typeof CANCELLATION_CHANNELS)[number];

/**
 * Facts about leaving a merchant, in Billow's own words: which ways it accepts, its cancellation
 * page, the line to call, an address for email, how much notice it wants, and the traps people
 * fall into. Facts only; they change, so the sheet tells the person to check the merchant's page.
 */
export type MerchantCancellation = {
  channels: CancellationChannel[];
  /** The merchant's own page where a cancellation starts (https). */
  pageUrl?: string;
  /** E.164; the negotiation line when the same desk handles both. */
  phone?: string;
  email?: string;
  /** How long before the renewal the merchant wants to hear, in words. */
  notice?: string;
  /** Common traps, each one sentence. */
  notes: string[];
};

/** For a merchant Billow does not know: the ways that work almost everywhere. */
export const GENERIC_CANCELLATION: MerchantCancellation = {
  channels: ['online', 'phone', 'email'],
  notice: 'Cancel a few days before the next renewal so it is not charged again.',
  notes: [
    "Look for the cancellation under Account, Membership, Plan or Billing on the merchant's website.",
    'Subscriptions bought through Apple, Google or Amazon are cancelled in that store, not with the merchant.',
    'Keep the confirmation email or number until the next renewal date has passed without a charge.',
  ],
};

/** Each catalogue merchant's cancellation facts, by slug. */
const merchantCancellations: Partial<Record<string, MerchantCancellation>> = {
  verizon: {
    channels: ['phone', 'in_person'],
    phone: '+18009220204',
    notice: 'Service ends on the day you ask; the last bill covers up to that day.',
    notes: [
      'Phones still on a device payment plan become due in full when the line is cancelled.',
      'To keep the number, move it to the new carrier first: cancelling releases it.',
    ],
  },
  att: {
    channels: ['phone', 'in_person'],
    phone: '+18003310500',
    notes: [
      'Installment plans on phones become due in full when the line is cancelled.',
      'Move your number to the new carrier before cancelling if you want to keep it.',
    ],
  },
  't-mobile': {
    channels: ['phone', 'in_person'],
    phone: '+18009378997',
    notes: [
      'Remaining device payments become due when the line closes.',
      'Port your number out first if you want to keep it.',
    ],
  },
  xfinity: {
    channels: ['phone', 'in_person'],
    phone: '+18009346489',
    notes: [
      'Rented equipment (modem, TV boxes) must be returned, or it is charged.',
      'A contract plan may charge an early termination fee.',
    ],
  },
  hellofresh: {
    channels: ['online'],
    pageUrl: 'https://www.hellofresh.com/account-settings',
    notice: 'Before the weekly cutoff, about five days before the next delivery.',
    notes: ['A box already past its cutoff is still sent and charged.'],
  },
  'home-chef': {
    channels: ['online'],
    pageUrl: 'https://www.homechef.com/account',
    notice: 'Before the weekly order cutoff, about a week before the next delivery.',
    notes: ['A box already past its cutoff is still sent and charged.'],
  },
  'planet-fitness': {
    channels: ['in_person', 'letter'],
    notice:
      'Ask before the billing date; the yearly fee is charged if you are still a member on its date.',
    notes: [
      'Membership must be cancelled at the home club, in person or by a letter sent to it.',
      'A letter should go by certified mail so there is proof it arrived.',
    ],
  },
  peloton: {
    channels: ['online', 'phone'],
    pageUrl: 'https://www.onepeloton.com/mymembership',
    phone: '+18666799129',
    notice: 'At least a day before the renewal.',
    notes: ['A membership bought through Apple or Google is cancelled in that store.'],
  },
  netflix: {
    channels: ['online'],
    pageUrl: 'https://www.netflix.com/cancelplan',
    phone: '+18665797172',
    notes: [
      'Watching continues until the end of the period already paid.',
      'A plan billed by a phone or cable company is cancelled with that company.',
    ],
  },
  hulu: {
    channels: ['online'],
    pageUrl: 'https://secure.hulu.com/account',
    phone: '+18778244858',
    notes: [
      'A plan billed through Apple, Google, Amazon or Roku is cancelled in that store.',
      'Hulu bundled with Disney+ is cancelled from the account that pays for the bundle.',
    ],
  },
  'disney-plus': {
    channels: ['online'],
    pageUrl: 'https://www.disneyplus.com/account',
    phone: '+18889057888',
    notes: [
      'A bundle is cancelled as a whole from the account that pays for it.',
      'A plan billed through an app store is cancelled in that store.',
    ],
  },
  nyt: {
    channels: ['online', 'phone'],
    pageUrl: 'https://myaccount.nytimes.com/seg/subscription',
    phone: '+18006984637',
    notes: [
      'A discount is usually offered on the way out; decline it if you want to leave.',
      'Access continues until the end of the paid period.',
    ],
  },
  'test-merchant': {
    channels: ['online', 'phone', 'email', 'letter'],
    pageUrl: 'https://example.com/account/cancel',
    phone: '+15555550113',
    email: 'cancel@example.com',
    notice: 'Any time before the renewal.',
    notes: ["The test merchant used in Billow's sandbox; it always answers the phone."],
  },
  spectrum: {
    channels: ['phone', 'in_person'],
    phone: '+18332676094',
    notes: ['Rented equipment must be returned to a store or by mail, or it is charged.'],
  },
  directv: {
    channels: ['phone'],
    phone: '+18005315000',
    notes: [
      'A two-year agreement charges an early cancellation fee for each month left.',
      'Receivers must be returned in the box DirecTV sends, or they are charged.',
    ],
  },
  siriusxm: {
    channels: ['online', 'phone'],
    pageUrl: 'https://www.siriusxm.com/account',
    phone: '+18666352349',
    notes: [
      'Retention offers are common on the phone; decline them if you want to leave.',
      'Ask for a confirmation number: radios in other cars may sit on the same account.',
    ],
  },
  adt: {
    channels: ['phone', 'letter'],
    phone: '+18002382727',
    notice: 'Written notice is usually asked for, some weeks before the contract renews.',
    notes: ['Leaving inside a monitoring contract charges a share of the months left.'],
  },
  geico: {
    channels: ['phone'],
    phone: '+18002077847',
    notes: [
      'Have the new policy start before this one ends: driving uninsured for even a day can cost more later.',
      'Unused premium is refunded for the days after the cancellation.',
    ],
  },
  progressive: {
    channels: ['phone', 'online'],
    pageUrl: 'https://www.progressive.com/manage-policy/',
    phone: '+18007764737',
    notes: ['Start the new policy before this one ends so there is no gap in cover.'],
  },
  'la-fitness': {
    channels: ['letter', 'online'],
    pageUrl: 'https://www.lafitness.com/Pages/login.aspx',
    notice: 'At least five business days before the next draft.',
    notes: [
      'Cancellation is by the form from the member account, or a letter to the head office.',
      'Keep the cancellation receipt until a draft date passes without a charge.',
    ],
  },
};

/** How a subscription's merchant is cancelled: its catalogue facts, or the generic guide. */
export function cancellationOf(merchant: Merchant | undefined): MerchantCancellation {
  return (merchant && merchantCancellations[merchant.slug]) ?? GENERIC_CANCELLATION;
}
