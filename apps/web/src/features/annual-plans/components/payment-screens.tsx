/**
 * The last two screens of the annual-plan flow (docs/annual-plans.md, "The flow"): confirming and
 * paying (idle → processing → success; the Pay button is disabled while processing and after
 * success; two seconds after success the code screen opens), and the gift card's code. The code
 * is released when the debit has settled: until then the screen says the card is on its way and
 * by when; a payment the bank returned says what happened and what, if anything, is owed
 * (docs/payments.md).
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Eye } from 'lucide-react';
import {
  formatDollars,
  paymentMessages,
  type AnnualPlanPayment,
  type LinkedAccount,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime, formatLongDate } from '@/lib/dates';
import {
  annualPlanKeys,
  annualPlanQueries,
  GIFT_CARD_WAIT_TRIES,
  usePayAnnualPlan,
} from '../api/annual-plan-queries';
import { paymentErrorMessage, thrownPaymentErrorMessage } from '../payment-errors';
import { FlowScreen } from './flow-screen';
import type { AnnualPlan } from './plan-screens';

/** docs/annual-plans.md, "The flow". */
const PAYMENT_REDIRECT_MS = 2000;
const COPY_FEEDBACK_MS = 2000;

const paymentTexts = {
  confirmHeading: 'Confirm your payment',
  amount: 'Amount',
  from: 'From',
  pay: (amount: number) => `Pay ${formatDollars(amount)}`,
  redeemHeading: 'How to redeem',
  redeemSteps: (service: string) => [
    `Sign in to ${service || 'the service'} on its website or app.`,
    'Open your account’s billing or payment settings and choose to redeem a gift card or code.',
    'Enter the code above. Your year is paid from then on.',
  ],
  processing: 'Processing…',
  paid: 'Paid! Getting your code…',
  terms: (amount: number, service: string) =>
    `By tapping Pay, you authorize Billow to debit your account for ${formatDollars(amount)} once, today, to buy a one-year ${service} plan for you. After one year the monthly bill resumes.`,
  codeHeading: (service: string) => `Your ${service} code`,
  reveal: 'Show full code',
  copy: 'Copy code',
  copied: 'Copied!',
  renews: (date: string) => `Your annual plan runs until ${date}; then the monthly bill resumes.`,
  preparing: 'Preparing your gift card…',
  value: 'Value',
  onItsWay: 'Your gift card is on its way.',
  readyBy: (when: string) =>
    `Its code will be ready by ${when}, once your bank has settled the payment.`,
  readySoon: 'Its code will be ready once your bank has settled the payment.',
  returned: (amount: number, day: string, code: string | null) =>
    `Your bank returned the ${formatDollars(amount)} payment on ${day}${code ? ` (${code})` : ''}.`,
  nothingOwed:
    'The gift card went back to Billow: nothing is owed, and your monthly plan continues.',
  owed: (amount: number) =>
    `The code had already been shown, so the card stays yours and ${formatDollars(amount)} is owed to Billow. Please contact support to settle it; until then Billow cannot pay for another plan. Your monthly plan continues.`,
} as const;

/** '1234 5678 9012 3456': the code in groups of four, easier to read out and type (copy keeps it whole). */
function groupedCode(code: string): string {
  return code.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** What happened to a payment the bank sent back, and what the person is to do. */
function ReturnedPayment({ payment }: { payment: AnnualPlanPayment }) {
  return (
    <Card className="space-y-2">
      <p role="alert" className="font-medium">
        {paymentTexts.returned(
          payment.amount,
          formatLongDate(payment.returnedAt),
          payment.returnCode,
        )}
      </p>
      <p className="text-sm">
        {payment.amountOwed > 0 ? paymentTexts.owed(payment.amountOwed) : paymentTexts.nothingOwed}
      </p>
    </Card>
  );
}

/**
 * After insufficient funds: the person's other accounts that can pay, the ones the bank last
 * said have enough named first, and the way back to choose one.
 */
function AnotherAccount({
  accounts,
  amount,
  onChoose,
}: {
  accounts: readonly LinkedAccount[];
  amount: number;
  onChoose(): void;
}) {
  const enough = accounts.filter(
    (account) => account.availableBalance !== null && account.availableBalance >= amount,
  );
  return (
    <Card className="space-y-3">
      <p className="text-sm">
        {enough.length > 0
          ? `${new Intl.ListFormat('en-US', { type: 'disjunction' }).format(
              enough.map((account) => `${account.bankName} ••${account.lastFour}`),
            )} ${enough.length === 1 ? 'has' : 'have'} enough for this plan.`
          : 'You can pay from another of your linked accounts instead.'}
      </p>
      <Button variant="outline" className="w-full" onClick={onChoose}>
        Pay from another account
      </Button>
    </Card>
  );
}

export function PaymentConfirmationScreen({
  plan,
  account,
  otherAccounts = [],
  onBack,
  onPaid,
  BankAction,
}: {
  plan: AnnualPlan | undefined;
  account: LinkedAccount | undefined;
  /** The person's other accounts that can pay, offered when this one has not enough. */
  otherAccounts?: readonly LinkedAccount[];
  onBack(): void;
  onPaid(): void;
  /**
   * When the bank needs the person first (`bank_action_required`): what leads them through their
   * bank's Link for this subscription's payment, calling `onDone` after, so the payment goes on.
   */
  BankAction?: ComponentType<{ subscriptionId: string; onDone(): void }>;
}) {
  const pay = usePayAnnualPlan();
  const [message, setMessage] = useState<string>();
  const [isShort, setShort] = useState(false);
  const isSuccess = pay.data?.success === true;
  const isBankNeeded =
    pay.data?.success === false && pay.data.error_type === 'bank_action_required';
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  function submit() {
    setMessage(undefined);
    setShort(false);
    if (!plan || !account) {
      setMessage(paymentMessages.missingAccountOrSubscription);
      return;
    }
    pay.mutate(
      { subscription_id: plan.subscriptionId, financialAccountId: account.id },
      {
        onSuccess: (answer) => {
          if (answer.success) redirect.current = setTimeout(onPaid, PAYMENT_REDIRECT_MS);
          else {
            setMessage(paymentErrorMessage(answer.error_type));
            setShort(
              answer.error_type === 'insufficient_funds' ||
                answer.error_type === 'insufficient_funds_risk',
            );
          }
        },
        onError: (error) => setMessage(thrownPaymentErrorMessage(error)),
      },
    );
  }

  const amount = plan?.annualPlanCost ?? 0;
  return (
    <FlowScreen heading={paymentTexts.confirmHeading} onBack={onBack}>
      <Card>
        <dl className="space-y-2">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">{paymentTexts.amount}</dt>
            <dd className="text-xl font-bold">{formatDollars(amount)}</dd>
          </div>
          {account && (
            <div className="flex justify-between">
              <dt className="text-muted-foreground">{paymentTexts.from}</dt>
              <dd>
                {account.bankName} ••{account.lastFour}
              </dd>
            </div>
          )}
        </dl>
      </Card>
      <p className="text-xs text-muted-foreground">
        {paymentTexts.terms(amount, plan?.serviceName ?? 'subscription')}
      </p>
      {message && (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
      {isShort && otherAccounts.length > 0 && (
        <AnotherAccount accounts={otherAccounts} amount={amount} onChoose={onBack} />
      )}
      {isSuccess && <p role="status">{paymentTexts.paid}</p>}
      {isBankNeeded && plan && BankAction && !pay.isPending && (
        // Back from the bank: the payment is tried again at once.
        <BankAction subscriptionId={plan.subscriptionId} onDone={submit} />
      )}
      <Button className="w-full" onClick={submit} disabled={pay.isPending || isSuccess}>
        {pay.isPending ? paymentTexts.processing : paymentTexts.pay(amount)}
      </Button>
    </FlowScreen>
  );
}

export function AnnualCodeScreen({
  subscriptionId,
  serviceName,
  onBack,
}: {
  subscriptionId: string;
  serviceName: string;
  onBack(): void;
}) {
  const [isRevealed, setRevealed] = useState(false);
  const [isCopied, setCopied] = useState(false);
  const masked = useQuery(annualPlanQueries.giftCard(subscriptionId, false));
  const full = useQuery({
    ...annualPlanQueries.giftCard(subscriptionId, true),
    enabled: isRevealed,
  });
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const answer = masked.data;
  // A just-paid plan's card is funded by a job: "not yet" is asked again a few times first.
  const tries =
    useQueryClient().getQueryState(annualPlanKeys.giftCard(subscriptionId, false))
      ?.dataUpdateCount ?? 0;
  const payment = answer?.payment ?? null;
  const isReturned = payment?.status === 'returned';
  const isOnItsWay = payment?.status === 'on-its-way';
  const isWaiting =
    masked.isPending || (answer?.success === false && !isReturned && tries < GIFT_CARD_WAIT_TRIES);
  const failure = masked.isError
    ? paymentMessages.loadGiftCardFailed
    : answer?.success === false && !isWaiting && !isReturned
      ? paymentMessages.getGiftCardFailed
      : full.isError || full.data?.success === false
        ? paymentMessages.getGiftCardFailed
        : undefined;
  const card = answer?.success ? answer.giftCard : null;
  const number = isRevealed ? full.data?.giftCard?.cardNumber : undefined;

  async function copy() {
    const text = number ?? full.data?.giftCard?.cardNumber;
    if (!text) return;
    await navigator.clipboard.writeText(text);
    setCopied(true);
  }

  return (
    <FlowScreen heading={paymentTexts.codeHeading(serviceName)} onBack={onBack}>
      {failure ? (
        <Card className="text-center">
          <p role="alert" className="font-medium">
            {failure}
          </p>
          <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
            {paymentMessages.tryAgain}
          </Button>
        </Card>
      ) : isReturned && payment && !card ? (
        <ReturnedPayment payment={payment} />
      ) : isWaiting || !card ? (
        <p role="status">{paymentTexts.preparing}</p>
      ) : (
        <Card className="space-y-4">
          {isReturned && payment && <ReturnedPayment payment={payment} />}
          {isOnItsWay && payment && (
            <div role="status" className="space-y-1">
              <p className="font-medium">{paymentTexts.onItsWay}</p>
              <p className="text-sm text-muted-foreground">
                {payment.readyBy
                  ? paymentTexts.readyBy(formatDateTime(payment.readyBy))
                  : paymentTexts.readySoon}
              </p>
            </div>
          )}
          <p
            className="font-mono text-2xl tracking-wider"
            aria-label={number ? 'Gift card code' : 'Masked gift card code'}
          >
            {number ? groupedCode(number) : card.cardNumberMasked}
          </p>
          <p className="text-sm text-muted-foreground">
            {paymentTexts.value}: {formatDollars(Number(card.cardValue))}
          </p>
          <div className="flex gap-2">
            {!isRevealed && !isOnItsWay && (
              <Button variant="outline" onClick={() => setRevealed(true)}>
                <Eye aria-hidden="true" />
                {paymentTexts.reveal}
              </Button>
            )}
            {number && (
              <Button onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                {isCopied ? paymentTexts.copied : paymentTexts.copy}
              </Button>
            )}
          </div>
          {answer?.subscription?.renewalDate && (
            <p className="text-sm">
              {paymentTexts.renews(formatLongDate(answer.subscription.renewalDate))}
            </p>
          )}
          {number && (
            <div className="space-y-1 text-sm">
              <h2 className="font-medium">{paymentTexts.redeemHeading}</h2>
              <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
                {paymentTexts.redeemSteps(serviceName).map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          )}
        </Card>
      )}
    </FlowScreen>
  );
}
