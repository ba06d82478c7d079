/**
 * What the cancel sheet offers for a merchant (docs/cancellations.md): a year of the bill, the
 * steps to do it oneself, and a ready letter (the ways are `cancellationWaysFor` in contracts).
 */
import {
  CHARGES_PER_YEAR,
  formatLongDay,
  type Cadence,
  type MerchantCancellation,
} from '@billow/contracts';
import type { KnownPerson } from '../../calls/known-answers';

export function yearlyCents(amountCents: number, cadence: string) {
  return amountCents * (CHARGES_PER_YEAR[cadence as Cadence] ?? 12);
}

export function stepsFor(name: string, guide: MerchantCancellation): string[] {
  const steps: string[] = [];
  if (guide.channels.includes('online'))
    steps.push(
      guide.pageUrl
        ? `Open ${name}'s cancellation page (${guide.pageUrl}) and sign in.`
        : `Sign in on ${name}'s website and open your account, plan or billing settings.`,
      'Choose to cancel, and turn down any offer to stay that you do not want.',
    );
  else if (guide.channels.includes('phone') && guide.phone)
    steps.push(`Call ${name} on ${guide.phone} and ask to cancel; decline any offer to stay.`);
  else if (guide.channels.includes('in_person'))
    steps.push(`Go to your ${name} location and ask to cancel; ask for a written receipt.`);
  else if (guide.channels.includes('letter') || guide.channels.includes('email'))
    steps.push(`Send ${name} the cancellation letter below, and keep a copy.`);
  if (guide.notice) steps.push(`Mind the notice: ${guide.notice}`);
  steps.push(
    'Write down the confirmation number or keep the confirmation email.',
    "Tap I've cancelled: Billow then watches your bank to be sure the charges stop.",
  );
  return steps;
}

export function letterFor(name: string, person: KnownPerson, today: string) {
  const holder = person.legalName ?? 'the account holder';
  return {
    subject: `Cancellation of my ${name} subscription`,
    body: [
      `To ${name} customer service,`,
      '',
      `Please cancel my ${name} subscription and stop all further charges, from the end of the current billing period at the latest.`,
      '',
      `Account holder: ${holder}`,
      `Phone number on the account: ${person.phoneNumber}`,
      ...(person.email ? [`Email on the account: ${person.email}`] : []),
      '',
      'Please confirm the cancellation in writing, with a confirmation number. I do not wish to receive retention offers.',
      '',
      'Thank you,',
      holder,
      formatLongDay(today),
    ].join('\n'),
  };
}
