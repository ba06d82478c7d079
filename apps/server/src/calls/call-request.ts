/**
 * What the agent is told about the person and the bill for a call, the same for a negotiation's
 * and a cancellation's: the person's own words (their answers) win over what their profile says.
 */
import {
  centsToDollars,
  genderValues,
  monthlyEquivalent,
  NEGOTIATION_CALL_DEFAULTS,
  roundToCents,
  type Cadence,
  type RequiredUserInfoField,
} from '@billow/contracts';
import type { CallRequest } from '../providers/call-agent/call-agent';

type Gender = (typeof genderValues)[number];

export function callRequestOf(input: {
  call: { id: string; attempt: number };
  /** Stable per negotiation or cancellation. */
  offerKey: string;
  merchant: CallRequest['merchant'];
  merchantPhoneNumber: string;
  person: { legalName: string | null; phoneNumber: string; gender: string | null };
  answers: Partial<Record<RequiredUserInfoField, string>>;
  serviceName: string;
  serviceDurationYears: number;
  /** The bill's price per charge and its cadence. */
  bill: { amountCents: number; cadence: string };
  purpose?: CallRequest['purpose'];
}): CallRequest {
  const { answers, person } = input;
  const gender = [answers.gender, person.gender].find((g) =>
    (genderValues as readonly (string | null | undefined)[]).includes(g),
  ) as Gender | undefined;
  const amount = centsToDollars(input.bill.amountCents);
  const cadence = input.bill.cadence as Cadence;
  return {
    callId: input.call.id,
    offerKey: input.offerKey,
    attempt: input.call.attempt,
    merchant: input.merchant,
    userInfo: {
      name: person.legalName ?? answers.name_on_account ?? 'the account holder',
      userPhoneNumber: person.phoneNumber,
      merchantPhoneNumber: input.merchantPhoneNumber,
      address: answers.billing_address ?? '',
      gender: gender ?? 'male',
      serviceName: input.serviceName,
      serviceDurationYears: input.serviceDurationYears,
      // The bill's current price as a month's worth: the price the person sees, not a metered
      // bill's average, so a deal lowers the price every screen shows.
      currentMonthlyRate: roundToCents(monthlyEquivalent(amount, cadence)),
      requiredUserInfo: answers as Record<string, string>,
    },
    maxDurationSeconds: NEGOTIATION_CALL_DEFAULTS.maxDurationMinutes * 60,
    bill: { amount, cadence },
    ...(input.purpose ? { purpose: input.purpose } : {}),
  };
}
