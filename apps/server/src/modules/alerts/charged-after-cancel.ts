import { formatDollars } from '@billow/contracts';
import type { Db } from '../../db/database';
import { shortDate } from './alert-dates';
import type { ReminderChannels } from './alerts.service';

/**
 * A merchant charged after the person's cancellation was confirmed: an alert at once
 * by their channels, with the date, the amount, the confirmation number and how to dispute it.
 * Once per cancellation and charge day (the digest key), however often the job runs.
 */
export async function alertChargedAfterCancel(
  deps: { db: Db; reminders: ReminderChannels },
  charge: {
    /** Absent in a job queued before the key had it. */
    cancellationId?: string;
    userId: string;
    merchantName: string;
    date: string;
    amount: number;
    confirmationNumber: string | null;
  },
) {
  const amount = formatDollars(charge.amount);
  const day = shortDate(charge.date);
  const reference = charge.confirmationNumber
    ? ` Your cancellation confirmation number is ${charge.confirmationNumber}.`
    : '';
  const summary = `${charge.merchantName} charged you ${amount} on ${day}, after you cancelled.${reference}`;
  const dispute = `Ask ${charge.merchantName} to refund it${charge.confirmationNumber ? ', quoting the confirmation number' : ''}; if they will not, dispute the charge with your bank as one you did not authorise.`;
  await deps.db.transaction((tx) =>
    deps.reminders.alertOnce(
      tx,
      charge.userId,
      'charged_after_cancel',
      charge.date,
      {
        sms: `Billow alert: ${summary} ${dispute}`,
        subject: `Billow: ${charge.merchantName} charged you after you cancelled`,
        email: `${summary}\n\n${dispute}\n\nBillow`,
        title: 'Charged after cancelling',
        push: `${summary} ${dispute}`,
        badge: 1,
      },
      { textsAllowed: true, subjectKey: charge.cancellationId ?? '' },
    ),
  );
}
