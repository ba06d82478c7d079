/**
 * The first three screens of the annual-plan flow (docs/annual-plans.md, "The flow"): the plan
 * comparison, how the conversion works, and the account that pays.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { Check, Plus } from 'lucide-react';
import {
  annualMonthlyEquivalent,
  annualSavings,
  formatDollars,
  paymentErrorMessages,
  paymentMessages,
  type LinkedAccount,
} from '@billow/contracts';
import { BankLogo } from '@/components/bank-logo';
import { MerchantLogo } from '@/components/merchant-logo';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { FlowScreen } from './flow-screen';

/** What the flow converts: the person's monthly bill and the plan Billow can buy instead. */
import { payableAccounts, unpayableAccounts, type AnnualPlan } from '../payable-accounts';

export type { AnnualPlan };

const planTexts = {
  conversionHeading: (service: string) => `Switch ${service} to an annual plan`,
  annualPlan: 'Annual plan',
  monthlyPlan: 'Monthly plan',
  perYear: '/year',
  perMonth: '/month',
  monthlyEquivalent: (amount: number) => `That's ${formatDollars(amount)}/month`,
  yearlySavings: (amount: number) => `You save ${formatDollars(amount)} a year`,
  resumes: 'After one year the monthly bill resumes.',
  continue: 'Continue',
  howHeading: 'How it works',
  howSteps: [
    'Billow pays for a year of your subscription at the annual price, with a debit from your bank account.',
    'You get a gift card code for the plan: redeem it with the merchant to start your year.',
    'We remind you 30 and 7 days before the year ends. After one year the monthly bill resumes.',
  ],
  accountHeading: 'Choose the account that pays',
  available: (amount: number) => `Available ${formatDollars(amount)}`,
  notEnough: 'not enough for this plan',
  primary: 'Primary',
  linkAnother: 'Link another account',
  noAccounts: paymentErrorMessages.payment_account_not_found,
  cannotPayHeading: "Accounts that can't pay",
} as const;

export function AnnualConversionScreen({
  plan,
  onBack,
  onContinue,
}: {
  plan: AnnualPlan | undefined;
  onBack(): void;
  onContinue(): void;
}) {
  if (!plan)
    return (
      <FlowScreen heading={planTexts.annualPlan} onBack={onBack}>
        <p role="alert">{paymentErrorMessages.annual_plan_not_available}</p>
      </FlowScreen>
    );
  const savings = annualSavings(plan.monthlyPrice, plan.annualPlanCost);
  return (
    <FlowScreen heading={planTexts.conversionHeading(plan.serviceName)} onBack={onBack}>
      <div className="flex items-center gap-3">
        <MerchantLogo name={plan.serviceName} website={plan.website} />
        <p className="text-lg font-semibold text-emerald-700 dark:text-emerald-400">
          {planTexts.yearlySavings(savings)}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Card className="border-2 border-emerald-500" aria-label={planTexts.annualPlan}>
          <span className="rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-semibold text-white">
            {paymentMessages.recommended}
          </span>
          <h2 className="mt-2 font-semibold">{planTexts.annualPlan}</h2>
          <p className="text-2xl font-bold">
            {formatDollars(plan.annualPlanCost)}
            <span className="text-sm font-normal">{planTexts.perYear}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {planTexts.monthlyEquivalent(annualMonthlyEquivalent(plan.annualPlanCost))}
          </p>
        </Card>
        <Card aria-label={planTexts.monthlyPlan}>
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">
            {paymentMessages.currentPlan}
          </span>
          <h2 className="mt-2 font-semibold">{planTexts.monthlyPlan}</h2>
          <p className="text-2xl font-bold">
            {formatDollars(plan.monthlyPrice)}
            <span className="text-sm font-normal">{planTexts.perMonth}</span>
          </p>
        </Card>
      </div>
      <p className="text-sm text-muted-foreground">{planTexts.resumes}</p>
      <Button className="w-full" onClick={onContinue}>
        {planTexts.continue}
      </Button>
    </FlowScreen>
  );
}

export function AnnualHowItWorksScreen({
  onBack,
  onContinue,
}: {
  onBack(): void;
  onContinue(): void;
}) {
  return (
    <FlowScreen heading={planTexts.howHeading} onBack={onBack}>
      <ol className="space-y-3">
        {planTexts.howSteps.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold">
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <Button className="w-full" onClick={onContinue}>
        {planTexts.continue}
      </Button>
    </FlowScreen>
  );
}

/** 'Available $2,450.18', and whether it covers the plan, from the bank's last word. */
function BalanceLine({ account, amount }: { account: LinkedAccount; amount: number | undefined }) {
  if (account.availableBalance === null) return null;
  const isShort = amount !== undefined && account.availableBalance < amount;
  return (
    <span className={cn('block text-sm', isShort ? 'text-destructive' : 'text-muted-foreground')}>
      {planTexts.available(account.availableBalance)}
      {isShort && ` · ${planTexts.notEnough}`}
    </span>
  );
}

export function PaymentAccountSelectionScreen({
  accounts,
  amount,
  selectedId,
  onSelect,
  onBack,
  onContinue,
}: {
  accounts: readonly LinkedAccount[];
  /** The plan's price, to say which accounts have enough for it. */
  amount?: number | undefined;
  selectedId: string | undefined;
  onSelect(accountId: string): void;
  onBack(): void;
  onContinue(): void;
}) {
  const payable = payableAccounts(accounts);
  return (
    <FlowScreen heading={planTexts.accountHeading} onBack={onBack}>
      {payable.length === 0 ? (
        <p role="alert">{planTexts.noAccounts}</p>
      ) : (
        <ul className="space-y-2" role="radiogroup" aria-label={planTexts.accountHeading}>
          {payable.map((account) => {
            const isSelected = account.id === selectedId;
            return (
              <li key={account.id}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={isSelected}
                  onClick={() => onSelect(account.id)}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl border p-3 text-left',
                    isSelected ? 'border-emerald-500 bg-muted' : 'hover:bg-muted',
                  )}
                >
                  <BankLogo name={account.bankName} website={account.bankWebsiteUrl} />
                  <span className="flex-1">
                    <span className="block font-medium">
                      {account.bankName} {account.accountSubType ?? account.accountType} ••
                      {account.lastFour}
                    </span>
                    <BalanceLine account={account} amount={amount} />
                    {account.is_primary_payment_account && (
                      <span className="text-xs text-muted-foreground">{planTexts.primary}</span>
                    )}
                  </span>
                  {isSelected && <Check aria-hidden="true" className="size-5" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <UnpayableAccounts accounts={accounts} />
      <Link to="/link" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
        <Plus aria-hidden="true" />
        {planTexts.linkAnother}
      </Link>
      <Button className="w-full" onClick={onContinue} disabled={!selectedId}>
        {planTexts.continue}
      </Button>
    </FlowScreen>
  );
}

/** The accounts that cannot pay (SimpleFIN Bridge, file imports), each with why. */
function UnpayableAccounts({ accounts }: { accounts: readonly LinkedAccount[] }) {
  const headingId = useId();
  const unpayable = unpayableAccounts(accounts);
  if (unpayable.length === 0) return null;
  return (
    <section className="space-y-1 text-sm text-muted-foreground">
      <h2 id={headingId} className="font-medium">
        {planTexts.cannotPayHeading}
      </h2>
      <ul aria-labelledby={headingId} className="space-y-1">
        {unpayable.map(({ account, reason }) => (
          <li key={account.id}>
            {[
              account.bankName,
              account.source === 'file' ? null : (account.accountSubType ?? account.accountType),
              account.lastFour ? `••${account.lastFour}` : null,
            ]
              .filter(Boolean)
              .join(' ')}
            : {reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
