/**
 * The public onboarding funnel of /signup (spec part 1 §2, §4 "Signup funnel"):
 * get-started → select-merchant → bill-estimation → bill-savings → /auth, carrying the merchant
 * and the estimate. Someone who arrives with navigation state (back from sign-in) has nothing
 * to pick: they see a short loading step and go home.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { funnelMerchants, type MerchantChoice } from '@billow/contracts';
import { track } from '@/lib/analytics';
import { parseAmount } from '../bill-amount';
import { hasNavigationState, type OnboardingState } from '@/lib/navigation-state';
import { BillEstimationStep } from './bill-estimation-step';
import { BillSavingsStep } from './bill-savings-step';
import { FunnelLoadingStep } from './funnel-loading-step';
import { GetStartedStep } from './get-started-step';
import { preloadMerchantLogos } from './merchant-logo';
import { SelectMerchantStep } from './select-merchant-step';
import { StepHeader } from './step-header';

export type FunnelStep = 'get-started' | 'select-merchant' | 'bill-estimation' | 'bill-savings';

const steps: readonly FunnelStep[] = [
  'get-started',
  'select-merchant',
  'bill-estimation',
  'bill-savings',
];

export function SignupFunnel({ incomingState }: { incomingState: unknown }) {
  const navigate = useNavigate();
  const [isLoading] = useState(() => hasNavigationState(incomingState));
  const [step, setStep] = useState<FunnelStep>('get-started');
  const [merchant, setMerchant] = useState<MerchantChoice | null>(null);
  const [amountInput, setAmountInput] = useState('');
  const [estimatedAmount, setEstimatedAmount] = useState(0);

  useEffect(() => {
    if (!isLoading) preloadMerchantLogos(funnelMerchants.map((m) => m.merchant_website_url));
  }, [isLoading]);

  if (isLoading) {
    return <FunnelLoadingStep onDone={() => void navigate('/', { replace: true })} />;
  }

  const position = steps.indexOf(step);
  const goBack = position > 0 ? () => setStep(steps[position - 1]!) : undefined;

  function continueWithEstimate(amount: number, isUnsure: boolean) {
    track('signup_estimate_entered', { is_unsure: isUnsure });
    setEstimatedAmount(amount);
    setStep('bill-savings');
  }

  function signUp(selected: MerchantChoice) {
    track('signup_cta_clicked');
    const state: OnboardingState = {
      selectedMerchant: selected.name,
      selectedMerchantWebsiteUrl: selected.merchant_website_url,
      estimatedAmount,
    };
    void navigate('/auth', { state });
  }

  return (
    <div className="flex flex-1 flex-col gap-2">
      <StepHeader current={position + 1} total={steps.length} onBack={goBack} />
      {step === 'get-started' && (
        <GetStartedStep
          onGetStarted={() => {
            track('signup_get_started');
            setStep('select-merchant');
          }}
        />
      )}
      {step === 'select-merchant' && (
        <SelectMerchantStep
          selected={merchant}
          onSelect={setMerchant}
          onContinue={() => {
            if (!merchant) return;
            track('signup_merchant_selected', { merchant_id: merchant.id });
            setStep('bill-estimation');
          }}
        />
      )}
      {step === 'bill-estimation' && merchant && (
        <BillEstimationStep
          merchantName={merchant.name}
          amount={amountInput}
          onAmountChange={setAmountInput}
          onNext={() => continueWithEstimate(parseAmount(amountInput) ?? 0, false)}
          onUnsure={() => continueWithEstimate(0, true)}
        />
      )}
      {step === 'bill-savings' && merchant && (
        <BillSavingsStep
          merchantName={merchant.name}
          estimatedAmount={estimatedAmount}
          onRevealed={() => track('signup_savings_viewed')}
          onSignUp={() => signUp(merchant)}
        />
      )}
    </div>
  );
}
