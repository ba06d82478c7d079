/**
 * The three sign-in steps of /auth (spec part 1 §2, §4): phone → code → legal name (only when
 * Billow has no name yet) → on to onboarding, bank linking or home. The steps share one page so
 * Back keeps the typed number and nothing reloads between them.
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { SignInUser } from '@billow/contracts';
import { readOnboardingState } from '@/lib/navigation-state';
import { useSession } from '@/lib/session/session';
import { CodeStep } from './code-step';
import { LegalNameStep } from './legal-name-step';
import { PhoneStep } from './phone-step';
import { destinationAfterSignIn } from './sign-in-destination';

type Step =
  | { name: 'phone' }
  | { name: 'code'; phoneNumber: string; resendAfterSeconds: number }
  | { name: 'legal-name'; user: SignInUser };

export function SignInFlow({ incomingState }: { incomingState: unknown }) {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [phoneInput, setPhoneInput] = useState('');
  const { selectedMerchant } = readOnboardingState(incomingState);

  // Someone already signed in has nothing to do here. Only on the phone step: from the code
  // step on, being signed in is this flow's own doing and it navigates by itself.
  if (step.name === 'phone' && status === 'authenticated') return <Navigate to="/" replace />;

  function finish(user: SignInUser) {
    const { to, state } = destinationAfterSignIn(user, incomingState);
    void navigate(to, { replace: true, state });
  }

  switch (step.name) {
    case 'phone':
      return (
        <PhoneStep
          initialPhone={phoneInput}
          merchant={selectedMerchant}
          onCodeSent={(input, sent) => {
            setPhoneInput(input);
            setStep({
              name: 'code',
              phoneNumber: sent.phoneNumber,
              resendAfterSeconds: sent.resendAfterSeconds,
            });
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
          onVerified={({ token, accessToken, refreshToken, user }) => {
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
