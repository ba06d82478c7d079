/**
 * The three sign-in steps of /auth (docs/sign-in.md, "The three steps"): phone → code → legal name
 * (only when Billow has no name yet) → on to onboarding, bank linking or home. The steps share one
 * page so Back keeps the typed number and nothing reloads between them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { SignInUser } from '@billow/contracts';
import type * as Analytics from '@/lib/analytics';
import { readOnboardingState } from '@/lib/navigation-state';
import { useSession } from '@/lib/session/session';
import { whenIdle } from '@/lib/when-idle';
import { PhoneStep } from './phone-step';
import {
  clearPendingCode,
  readPendingCode,
  savePendingCode,
  secondsUntilResend,
  type PendingCode,
} from './pending-code';
import { destinationAfterSignIn } from './sign-in-destination';

// The later steps load while the person types their number: the page's first script carries only
// the phone step.
const loadCodeStep = () => import('./code-step');
const loadLegalNameStep = () => import('./legal-name-step');
const CodeStep = lazy(async () => ({ default: (await loadCodeStep()).CodeStep }));
const LegalNameStep = lazy(async () => ({ default: (await loadLegalNameStep()).LegalNameStep }));

type Step =
  | { name: 'phone' }
  | { name: 'code'; phoneNumber: string; resendAfterSeconds: number }
  | { name: 'legal-name'; user: SignInUser };

const codeStep = (code: PendingCode): Step => ({
  name: 'code',
  phoneNumber: code.phoneNumber,
  resendAfterSeconds: secondsUntilResend(code),
});

let analytics: Promise<typeof Analytics> | undefined;

/**
 * Sends an analytics event, loading analytics first: the sign-in form paints without it (the
 * budgets in scripts/bench/initial-js.mjs), and the page-view count loads it just after. One
 * load for every event, so they leave in the order they happened; the address is the one the
 * event happened on, read now, not once the module is in.
 */
function track(...[name, properties]: Parameters<typeof Analytics.track>) {
  const path = window.location.pathname;
  void (analytics ??= import('@/lib/analytics')).then((loaded) =>
    loaded.track(name, properties, path),
  );
}

/**
 * The sign-in events of docs/privacy.md (Analytics events): every completed sign-in, and a new account as the one
 * ads conversion Billow counts.
 */
function trackSignIn(user: SignInUser) {
  const isNewUser = !user.existingUser;
  track('sign_in_completed', { is_new_user: isNewUser });
  if (isNewUser) track('ads_conversion', { conversion: 'sign_up' });
}

export function SignInFlow({ incomingState }: { incomingState: unknown }) {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  // A reload on the code step comes back to it while the texted code is still good.
  const [restored] = useState(() => (status === 'authenticated' ? undefined : readPendingCode()));
  const [step, setStep] = useState<Step>(() => (restored ? codeStep(restored) : { name: 'phone' }));
  const [phoneInput, setPhoneInput] = useState(restored?.phoneInput ?? '');
  const { selectedMerchant } = readOnboardingState(incomingState);
  useEffect(() => {
    // Each in an idle moment of its own, so neither lengthens the page's start.
    whenIdle(() => void loadCodeStep().catch(() => undefined));
    whenIdle(() => void loadLegalNameStep().catch(() => undefined));
  }, []);

  // Someone already signed in has nothing to do here. Only on the phone step: from the code
  // step on, being signed in is this flow's own doing and it navigates by itself.
  if (step.name === 'phone' && status === 'authenticated') return <Navigate to="/" replace />;

  function finish(user: SignInUser) {
    const { to, state } = destinationAfterSignIn(user, incomingState);
    void navigate(to, { replace: true, state });
  }

  return <Suspense fallback={null}>{currentStep()}</Suspense>;

  function currentStep() {
    switch (step.name) {
      case 'phone':
        return (
          <PhoneStep
            initialPhone={phoneInput}
            merchant={selectedMerchant}
            onCodeReady={(code) => {
              track('sign_in_code_sent');
              savePendingCode(code);
              setPhoneInput(code.phoneInput);
              setStep(codeStep(code));
            }}
          />
        );
      case 'code':
        return (
          <CodeStep
            key={step.phoneNumber}
            phoneNumber={step.phoneNumber}
            resendAfterSeconds={step.resendAfterSeconds}
            onBack={() => setStep({ name: 'phone' })}
            onResent={(sent) => {
              track('sign_in_code_sent', { is_resend: true });
              savePendingCode({
                phoneInput,
                phoneNumber: sent.phoneNumber,
                sentAt: Date.now(),
                expiresInSeconds: sent.expiresInSeconds,
                resendAfterSeconds: sent.resendAfterSeconds,
              });
            }}
            onVerified={({ token, accessToken, refreshToken, user }) => {
              clearPendingCode();
              trackSignIn(user);
              signIn({ token, accessToken, refreshToken });
              if (user.user_legal_name === null) setStep({ name: 'legal-name', user });
              else finish(user);
            }}
          />
        );
      case 'legal-name':
        return <LegalNameStep onSaved={() => finish(step.user)} />;
    }
  }
}
