/**
 * The simulated representative's script for a cancellation call (docs/cancellations.md): the
 * agent asks to cancel, turns down the retention offer unless the person allowed one, and asks
 * for a confirmation number. Pure and deterministic: the same cancellation and answers give the
 * same call. Like the negotiation script, a few answers steer it: 0000 is rejected as wrong,
 * 1111 gets a refusal, 2222 finds the line busy on the first attempt, 3333 gets a retention offer.
 */
import type { CallOutcome, CallRequest } from './call-agent';
import {
  answeredAs,
  openingSteps,
  seedOf,
  steeredFailure,
  type CallScript,
  type Line,
} from './simulated-script';

/** The confirmation number the simulated merchant gives: stable per cancellation. */
function simulatedConfirmationNumber(key: string): string {
  let n = 0;
  for (const char of key) n = (n * 31 + char.charCodeAt(0)) % 1_000_000;
  return `CX-${String(n).padStart(6, '0')}`;
}

export function scriptCancellationCall(request: CallRequest): CallScript {
  const { userInfo, merchant } = request;
  const allowsOffer =
    request.purpose?.kind === 'cancellation' && request.purpose.allowRetentionOffer;
  const answers = Object.entries(userInfo.requiredUserInfo);
  const magic = (value: string) => answeredAs(request, value);
  const seed = seedOf(request.offerKey);

  const opening = openingSteps([
    ['user', `Thank you for calling ${merchant.name}, this is Sam. How can I help?`],
    [
      'assistant',
      `Hi Sam, I'm an assistant calling on behalf of ${userInfo.name}, with their permission, to cancel their ${userInfo.serviceName} subscription.`,
    ],
  ]);
  const failed = steeredFailure(request, opening);
  if (failed) return failed;
  const authenticating = {
    stage: 'authenticating' as const,
    lines: [
      ['user', 'Before we continue, can you verify the account holder?'],
      // The agent reads what the merchant asks to verify (taken out of the record afterwards).
      [
        'assistant',
        [
          `Yes, the account holder is ${userInfo.name}`,
          ...answers.map(([field, value]) => `the ${field.replaceAll('_', ' ')} is ${value}`),
        ].join('; ') + '.',
      ],
      ['user', 'Thank you, the account is verified.'],
    ] satisfies Line[],
  };
  const asking: Line = ['assistant', 'Please cancel the subscription from the end of this period.'];

  if (magic('1111')) {
    const reason = `${merchant.name} only takes cancellations from the account holder in writing.`;
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
              "I'm sorry, I can't cancel this by phone. The account holder has to write to us.",
            ],
          ],
        },
        { stage: 'finalizing', lines: [['assistant', 'Understood. Thank you for your time.']] },
      ],
      outcome: { kind: 'refused', reason },
      summary: `${merchant.name} would not cancel by phone.`,
    };
  }

  const offer = '50% off for the next three months';
  const offerLines: Line[] = magic('3333')
    ? [
        ['user', `Before you go, I can give you ${offer} if you stay.`],
        allowsOffer
          ? ['assistant', `${userInfo.name} said they would take an offer like that. We accept.`]
          : ['assistant', 'Thank you, but no offer, please. Please go ahead and cancel.'],
      ]
    : [];
  if (offerLines.length && allowsOffer) {
    return {
      steps: [
        ...opening,
        authenticating,
        { stage: 'negotiating', lines: [asking, ...offerLines] },
        { stage: 'finalizing', lines: [['user', 'Done, the offer is on the account.']] },
      ],
      outcome: { kind: 'kept_with_offer', offer } satisfies CallOutcome,
      summary: `${merchant.name} offered ${offer}, which the person had allowed, so the subscription stays.`,
    };
  }
  const number = simulatedConfirmationNumber(`${request.offerKey}:${seed}`);
  return {
    steps: [
      ...opening,
      authenticating,
      {
        stage: 'negotiating',
        lines: [asking, ...offerLines, ['user', 'All right, I have cancelled it.']],
      },
      {
        stage: 'finalizing',
        lines: [
          ['assistant', 'Could I have a confirmation number for the cancellation?'],
          ['user', `Of course, it is ${number}. No further charges will be made.`],
          ['assistant', 'Thank you, Sam.'],
        ],
      },
    ],
    outcome: { kind: 'cancelled', confirmationNumber: number },
    summary: `${merchant.name} cancelled the subscription; confirmation number ${number}.`,
  };
}
