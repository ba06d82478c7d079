/**
 * The simulated representative's script for one call: what each side says at each stage and how
 * the call ends. Pure and deterministic: the same offer and answers give the same call.
 */
import { formatDollars, formatPrice, priceAfterDeal } from '@billow/contracts';
import type {
  CallStage,
  NegotiationCallErrorCode,
  NegotiationResult,
  RequiredUserInfoField,
  SavingsType,
  TypicalOutcome,
} from '@billow/contracts';
import type { CallOutcome, CallRequest } from './call-agent';

export type Line = [role: 'assistant' | 'user', text: string];
export type CallScript = {
  steps: { stage: CallStage; lines: Line[] }[];
  outcome?: CallOutcome;
  error?: { code: NegotiationCallErrorCode; message: string; field?: RequiredUserInfoField };
  summary: string;
};

/** FNV-1a: a stable number from the offer's key. */
export function seedOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/** The answer given as `value` (a steering answer), if any: [field, value]. */
export function answeredAs(request: CallRequest, value: string) {
  return Object.entries(request.userInfo.requiredUserInfo).find(([, v]) => v.trim() === value);
}

/** The stages before the merchant talks, then `connected` with its first lines. */
export function openingSteps(connected: Line[]): CallScript['steps'] {
  return [
    { stage: 'queued', lines: [] },
    { stage: 'initializing', lines: [] },
    { stage: 'dialing', lines: [] },
    { stage: 'connected', lines: connected },
  ];
}

/**
 * The calls that fail the same way whatever they are for: 2222 finds the line busy on the first
 * attempt; 0000 is rejected as wrong by the merchant.
 */
export function steeredFailure(
  request: CallRequest,
  opening: CallScript['steps'],
): CallScript | undefined {
  const { merchant } = request;
  if (answeredAs(request, '2222') && request.attempt === 1) {
    return {
      steps: opening.slice(0, 3),
      error: { code: 'PROVIDER_UNREACHABLE', message: `${merchant.name}'s line was busy.` },
      summary: 'The line was busy.',
    };
  }
  const wrong = answeredAs(request, '0000');
  if (!wrong) return undefined;
  const field = wrong[0].replaceAll('_', ' ');
  return {
    steps: [
      ...opening,
      {
        stage: 'authenticating',
        lines: [
          ['user', 'Can you verify the account for me?'],
          ['assistant', `Sure, the ${field} is ${wrong[1]}.`],
          ['user', "I'm sorry, that doesn't match what we have on file."],
        ],
      },
    ],
    error: {
      code: 'INVALID_USER_INFO',
      message: `${merchant.name} did not accept the ${field}.`,
      field: wrong[0] as RequiredUserInfoField,
    },
    summary: `The representative could not verify the account with the ${field} given.`,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function dealFrom(
  rate: number,
  typical: TypicalOutcome,
  bill: CallRequest['bill'],
): { result: NegotiationResult; savingsType: SavingsType; words: string } {
  if (typical.kind === 'FREE_MONTHS') {
    return {
      result: { successful: true, originalRate: rate, freeMonths: typical.months },
      savingsType: 'FREE_MONTHS',
      words: `${typical.months} month${typical.months === 1 ? '' : 's'} free`,
    };
  }
  const off =
    typical.kind === 'PRICE_REDUCTION_AMOUNT' ? typical.dollars : (rate * typical.percent) / 100;
  // A retention desk never takes more than half off.
  const finalRate = round2(Math.max(rate - off, rate / 2));
  return {
    result: {
      successful: true,
      originalRate: rate,
      monthlySavings: round2(rate - finalRate),
      finalRate,
    },
    savingsType: typical.kind,
    // Said in the bill's own cadence, at the price the bill will show (docs/figures.md).
    words: bill
      ? `${formatPrice(priceAfterDeal(bill.amount, rate, finalRate), bill.cadence)} instead of ${formatDollars(bill.amount)}`
      : `$${finalRate.toFixed(2)} a month instead of $${rate.toFixed(2)}`,
  };
}

const REFUSALS = [
  'There are no retention offers on this account right now.',
  'The account is already on the lowest available rate.',
  'Promotional pricing was applied to this account in the last 12 months.',
];

export function scriptCall(request: CallRequest): CallScript {
  const { userInfo, merchant } = request;

  const rate = userInfo.currentMonthlyRate;
  const magic = (value: string) => answeredAs(request, value);
  const seed = seedOf(request.offerKey);
  // A steering answer decides the call on its own: the seeded moods below apply only without one,
  // so "1111 is refused" holds for every offer, not for nine in ten.
  const isSteered = ['0000', '1111', '2222', '3333', '4444'].some((value) => magic(value));
  const mood = (from: number, to: number) =>
    !isSteered && !merchant.demo && seed >= from && seed < to;

  const opening = openingSteps([
    ['user', `Thank you for calling ${merchant.name}, this is Jordan. How can I help you today?`],
    [
      'assistant',
      `Hi Jordan, I'm calling on behalf of ${userInfo.name} about their ${userInfo.serviceName} bill.`,
    ],
  ]);
  const failed = steeredFailure(request, opening);
  if (failed) return failed;

  const verifyAsk: Line = ['user', 'Before we continue, can you verify the account holder?'];
  const authenticating: { stage: CallStage; lines: Line[] } = {
    stage: 'authenticating',
    lines: [
      verifyAsk,
      ['assistant', `Yes, the account holder is ${userInfo.name}.`],
      ['user', 'Thank you, the account is verified.'],
    ],
  };
  const asking = [
    'assistant',
    `${userInfo.name} has been a customer for ${userInfo.serviceDurationYears} years and pays ${request.bill ? formatPrice(request.bill.amount, request.bill.cadence) : `$${rate.toFixed(2)} a month`}. Competitors offer less; what can you do to keep them?`,
  ] satisfies Line;

  const wantsCode = magic('4444') || mood(80, 90);
  if (wantsCode && !userInfo.requiredUserInfo.verification_code) {
    return {
      steps: [
        ...opening,
        {
          ...authenticating,
          lines: [
            verifyAsk,
            [
              'user',
              "For security I've just texted a verification code to the account holder. I'll need that code to continue.",
            ],
            ['assistant', "Understood, we'll call back with the code."],
          ],
        },
      ],
      outcome: {
        kind: 'needs_input',
        field: 'verification_code',
        prompt: `The code ${merchant.name} texted to your phone`,
      },
      summary: `${merchant.name} asked for the verification code it texted to the account holder.`,
    };
  }

  const refuses = magic('1111') || mood(60, 80);
  if (refuses) {
    const reason = REFUSALS[seed % REFUSALS.length]!;
    return {
      steps: [
        ...opening,
        authenticating,
        { stage: 'negotiating', lines: [asking, ['user', `I'm sorry. ${reason}`]] },
        { stage: 'finalizing', lines: [['assistant', 'Thank you for checking. Have a good day.']] },
      ],
      outcome: { kind: 'refused', reason: `${merchant.name} declined: ${reason}` },
      summary: `${merchant.name} declined to lower the bill.`,
    };
  }

  if (magic('3333')) {
    const result: NegotiationResult = {
      successful: true,
      originalRate: rate,
      monthlySavings: -5,
      finalRate: round2(rate + 5),
    };
    return {
      steps: [
        ...opening,
        authenticating,
        {
          stage: 'negotiating',
          lines: [
            asking,
            [
              'user',
              `I can move you to our Premium plan with more features for $${(rate + 5).toFixed(2)} a month.`,
            ],
            [
              'assistant',
              'That would raise the bill and change the plan, so we will have to pass.',
            ],
          ],
        },
        { stage: 'finalizing', lines: [['user', 'Understood. The account stays as it is.']] },
      ],
      outcome: { kind: 'deal', result, savingsType: 'PRICE_REDUCTION_AMOUNT', changesPlan: true },
      summary: `${merchant.name} only offered a more expensive plan.`,
    };
  }

  const typical = merchant.typicalOutcomes[
    merchant.demo ? 0 : seed % Math.max(1, merchant.typicalOutcomes.length)
  ] ?? { kind: 'FREE_MONTHS', months: 1 };
  const deal = dealFrom(rate, typical, request.bill);
  return {
    steps: [
      ...opening,
      authenticating,
      {
        stage: 'negotiating',
        lines: [
          asking,
          [
            'user',
            `Let me check the retention offers... I can give you ${deal.words}, on the same plan.`,
          ],
          ['assistant', 'That works. Please confirm nothing else on the plan changes.'],
          ['user', 'Confirmed, the plan and features stay exactly the same.'],
        ],
      },
      {
        stage: 'finalizing',
        lines: [
          ['user', 'It is applied to the account from the next bill.'],
          ['assistant', 'Thank you, Jordan.'],
        ],
      },
    ],
    outcome: {
      kind: 'deal',
      result: deal.result,
      savingsType: deal.savingsType,
      changesPlan: false,
    },
    summary: `${merchant.name} agreed to ${deal.words}.`,
  };
}
