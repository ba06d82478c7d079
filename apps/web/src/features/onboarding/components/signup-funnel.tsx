/**
 * The public onboarding funnel of /signup (docs/onboarding.md, "The signup funnel"):
 * get-started → select-merchant → bill-estimation → bill-savings → /auth, carrying the merchant
 * and the estimate. Someone who arrives with navigation state (back from sign-in) has nothing
 * to pick: they see a short loading step and go home.
 *
 * The step and what was chosen ride in the address's search (`?step=bill-savings&merchant=2&
 * amount=80`), one history entry per step: a reload stays on the step and browser Back goes to
 * the step before, not off the site. Navigation state is not used for them: it is
 * reserved for the jump to loading.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { funnelMerchants, type MerchantChoice } from '@billow/contracts';
import { track } from '@/lib/analytics';
import { whenIdle } from '@/lib/when-idle';
import { parseAmount } from '../bill-amount';
import { hasNavigationState, type OnboardingState } from '@/lib/navigation-state';
import { FunnelLoadingStep } from './funnel-loading-step';
import { GetStartedStep } from './get-started-step';
import { StepHeader } from './step-header';

// The steps after the first load while the person reads it: the first screen
// carries only what it shows.
const loadSelectMerchant = () => import('./select-merchant-step');
const loadEstimation = () => import('./bill-estimation-step');
const loadSavings = () => import('./bill-savings-step');
const SelectMerchantStep = lazy(async () => ({
  default: (await loadSelectMerchant()).SelectMerchantStep,
}));
const BillEstimationStep = lazy(async () => ({
  default: (await loadEstimation()).BillEstimationStep,
}));
const BillSavingsStep = lazy(async () => ({ default: (await loadSavings()).BillSavingsStep }));

type FunnelStep = 'get-started' | 'select-merchant' | 'bill-estimation' | 'bill-savings';

const steps: readonly FunnelStep[] = [
  'get-started',
  'select-merchant',
  'bill-estimation',
  'bill-savings',
];

type FunnelPlace = { step: FunnelStep; merchant: MerchantChoice | null; estimatedAmount: number };

/** Where the address says the funnel is; a step missing what it needs falls back to the one that asks for it. */
function placeFromSearch(search: URLSearchParams): FunnelPlace {
  const asked = steps.find((step) => step === search.get('step')) ?? 'get-started';
  const merchant = funnelMerchants.find((m) => String(m.id) === search.get('merchant')) ?? null;
  const amount = Number(search.get('amount'));
  const estimatedAmount = Number.isFinite(amount) && amount >= 0 ? amount : 0;
  if ((asked === 'bill-estimation' || asked === 'bill-savings') && !merchant)
    return { step: 'select-merchant', merchant: null, estimatedAmount: 0 };
  if (asked === 'bill-savings' && search.get('amount') === null)
    return { step: 'bill-estimation', merchant, estimatedAmount: 0 };
  return { step: asked, merchant, estimatedAmount };
}

function searchFor(place: FunnelPlace): string {
  const search = new URLSearchParams();
  if (place.step !== 'get-started') search.set('step', place.step);
  if (place.merchant && place.step !== 'select-merchant')
    search.set('merchant', String(place.merchant.id));
  if (place.step === 'bill-savings') search.set('amount', String(place.estimatedAmount));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function SignupFunnel({ incomingState }: { incomingState: unknown }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const [isLoading] = useState(() => hasNavigationState(incomingState));
  const { step, merchant: chosenMerchant, estimatedAmount } = placeFromSearch(search);
  // Picked on step 2 but not yet confirmed with Continue.
  const [picked, setPicked] = useState<MerchantChoice | null>(chosenMerchant);
  const merchant = step === 'select-merchant' ? picked : chosenMerchant;
  // What was typed stays through Back from the savings, and through a reload there (the
  // savings step's address holds the amount).
  const [amountInput, setAmountInput] = useState(() =>
    estimatedAmount > 0 ? String(estimatedAmount) : '',
  );

  useEffect(() => {
    if (isLoading) return;
    // Each in an idle moment of its own: together, as the page starts, they were one of its
    // longest tasks on a phone.
    const urls = funnelMerchants.map((m) => m.merchant_website_url);
    whenIdle(() => {
      void import('./merchant-logo').then(({ preloadMerchantLogos }) => preloadMerchantLogos(urls));
    });
    for (const load of [loadSelectMerchant, loadEstimation, loadSavings])
      whenIdle(() => void load().catch(() => undefined));
  }, [isLoading]);

  if (isLoading) {
    return <FunnelLoadingStep onDone={() => void navigate('/', { replace: true })} />;
  }

  const goTo = (place: FunnelPlace) =>
    void navigate({ pathname: '/signup', search: searchFor(place) });
  const position = steps.indexOf(step);
  // The step before is the history entry before, unless the funnel was opened on this step.
  const goBack =
    position > 0
      ? () => {
          if (location.key !== 'default') void navigate(-1);
          else
            void navigate(
              {
                pathname: '/signup',
                search: searchFor({ step: steps[position - 1]!, merchant, estimatedAmount }),
              },
              { replace: true },
            );
        }
      : undefined;

  function continueWithEstimate(amount: number, isUnsure: boolean) {
    track('signup_estimate_entered', { is_unsure: isUnsure });
    goTo({ step: 'bill-savings', merchant, estimatedAmount: amount });
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
            goTo({ step: 'select-merchant', merchant: picked, estimatedAmount: 0 });
          }}
        />
      )}
      <Suspense fallback={null}>
        {step === 'select-merchant' && (
          <SelectMerchantStep
            selected={merchant}
            onSelect={setPicked}
            onContinue={() => {
              if (!merchant) return;
              track('signup_merchant_selected', { merchant_id: merchant.id });
              goTo({ step: 'bill-estimation', merchant, estimatedAmount: 0 });
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
      </Suspense>
    </div>
  );
}
