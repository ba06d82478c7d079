/** A cancellation as the API shows it (the `cancellation` contract). */
import { centsToDollars, type Cancellation } from '@billow/contracts';
import type { CancellationCallRow, CancellationRow } from './cancellations.repo';
import { toCallView } from '../../calls/call-view';

export function toView(
  row: CancellationRow,
  call: CancellationCallRow | undefined,
  charges: { cancellationId: string; chargeDate: string; amountCents: number }[],
): Cancellation {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    merchant_name: row.merchantName,
    way: row.way,
    status: row.status,
    allow_retention_offer: row.allowRetentionOffer,
    confirmation_number: row.confirmationNumber,
    failure_reason: row.failureReason,
    next_step: row.nextStep,
    yearly_cost: centsToDollars(row.yearlyCents),
    requested_at: row.requestedAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    watch_until: row.watchUntil,
    charged_after: charges
      .filter((c) => c.cancellationId === row.id)
      .map((c) => ({ date: c.chargeDate, amount: centsToDollars(c.amountCents) })),
    call: call ? toCallView(call) : null,
  };
}
