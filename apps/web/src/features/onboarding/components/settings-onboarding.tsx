/**
 * The settings onboarding of /profile-settings-customization (docs/onboarding.md,
 * "Settings onboarding"): Bill Negotiation → Customization (only with negotiation on) →
 * Subscription Notifications, then a save and on to /account-linking-info with the incoming state
 * plus the choices. A failed save does not stop anyone: the choices can be changed later in the
 * profile.
 */
import { useEffect, useState } from 'react';
import { BellRing, Handshake } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PendingLabel } from '@/components/ui/pending-label';
import { track } from '@/lib/analytics';
import { useSaveOnboardingSettings } from '../api/use-save-onboarding-settings';
import {
  readOnboardingState,
  readSettingsProgress,
  withSettingsProgress,
  type Customization,
  type NegotiatorVoice,
  type OnboardingState,
} from '@/lib/navigation-state';
import { SettingToggleCard } from './setting-toggle-card';
import { StepHeader } from './step-header';
import { StepHeading } from './step-heading';
import { VoiceChoice } from './voice-choice';

type SettingsStep = 1 | 2 | 3;

export function SettingsOnboarding({ incomingState }: { incomingState: unknown }) {
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveOnboardingSettings();
  const [incoming] = useState(() => readOnboardingState(incomingState));
  // A reload comes back where the person was, with what they chose (its history entry keeps it).
  const [resumed] = useState(() => readSettingsProgress(incomingState));
  const [step, setStep] = useState<SettingsStep>(resumed?.step ?? 1);
  const [billNegotiationEnabled, setBillNegotiationEnabled] = useState(
    resumed?.billNegotiationEnabled ?? true,
  );
  const [selectedVoice, setSelectedVoice] = useState<NegotiatorVoice | null>(
    resumed?.selectedVoice ?? null,
  );
  const [notificationsEnabled, setNotificationsEnabled] = useState(
    resumed?.notificationsEnabled ?? true,
  );
  const merchant = incoming.selectedMerchant;

  useEffect(() => {
    const progress = { step, billNegotiationEnabled, selectedVoice, notificationsEnabled };
    const saved = readSettingsProgress(location.state);
    if (
      saved?.step === step &&
      saved.billNegotiationEnabled === billNegotiationEnabled &&
      saved.selectedVoice === selectedVoice &&
      saved.notificationsEnabled === notificationsEnabled
    )
      return;
    void navigate(location, {
      replace: true,
      state: withSettingsProgress(location.state, progress),
    });
  }, [step, billNegotiationEnabled, selectedVoice, notificationsEnabled, location, navigate]);

  function continueFromNegotiation() {
    if (billNegotiationEnabled) return setStep(2);
    setSelectedVoice(null);
    setStep(3);
  }

  function skipNegotiation() {
    setBillNegotiationEnabled(false);
    setSelectedVoice(null);
    setStep(3);
  }

  function finish() {
    if (save.isPending) return;
    const customization: Customization = {
      billNegotiationEnabled,
      selectedVoice,
      notificationsEnabled,
    };
    track('settings_onboarding_completed', {
      is_bill_negotiation_enabled: billNegotiationEnabled,
      is_subscription_notifications_enabled: notificationsEnabled,
    });
    const state: OnboardingState = { ...incoming, customization };
    save.mutate(customization, {
      onSettled: () => void navigate('/account-linking-info', { state }),
    });
  }

  return (
    <div className="flex flex-1 flex-col gap-2">
      <StepHeader
        current={step}
        total={3}
        onBack={
          step === 1 || save.isPending
            ? undefined
            : () => setStep(step === 3 && billNegotiationEnabled ? 2 : 1)
        }
      />

      {step === 1 && (
        <div className="flex flex-1 flex-col gap-6 pt-4">
          <header className="space-y-3">
            <p className="text-sm font-semibold text-primary">
              {merchant ? `Let’s start saving on ${merchant}` : 'Let’s set up Billow'}
            </p>
            <StepHeading>Bill Negotiation</StepHeading>
            <p className="text-muted-foreground">
              {merchant
                ? `Billow can negotiate your ${merchant} bill and your other bills down for you.`
                : 'Billow can negotiate your bills down for you.'}
            </p>
          </header>
          <SettingToggleCard
            id="bill-negotiation"
            icon={Handshake}
            label="Negotiate my bills"
            description="Our AI negotiates your bills for free, and you keep all the savings."
            isChecked={billNegotiationEnabled}
            onCheckedChange={setBillNegotiationEnabled}
          />
          <div className="mt-auto flex flex-col gap-3 lg:mt-8">
            <Button size="lg" className="w-full" onClick={continueFromNegotiation}>
              Continue
            </Button>
            <Button variant="ghost" className="w-full" onClick={skipNegotiation}>
              Skip for now
            </Button>
          </div>
        </div>
      )}

      {step === 2 && (
        <div className="flex flex-1 flex-col gap-6 pt-4">
          <header className="space-y-3">
            <StepHeading>Customization</StepHeading>
            <p className="text-muted-foreground">
              Choose the voice that calls on your behalf to improve negotiation success.
            </p>
          </header>
          <VoiceChoice
            legend="Negotiator voice"
            value={selectedVoice}
            onChange={setSelectedVoice}
          />
          <Button
            size="lg"
            className="mt-auto w-full lg:mt-8"
            disabled={selectedVoice === null}
            onClick={() => setStep(3)}
          >
            Continue
          </Button>
        </div>
      )}

      {step === 3 && (
        <div className="flex flex-1 flex-col gap-6 pt-4">
          <header className="space-y-3">
            <StepHeading>Subscription Notifications</StepHeading>
            <p className="text-muted-foreground">Never be surprised by a charge again.</p>
          </header>
          <SettingToggleCard
            id="subscription-notifications"
            icon={BellRing}
            label="Text me before bills are due"
            description="Get a text message notification before a bill is due."
            isChecked={notificationsEnabled}
            onCheckedChange={setNotificationsEnabled}
          />
          <Button
            size="lg"
            className="mt-auto w-full lg:mt-8"
            disabled={save.isPending}
            onClick={finish}
          >
            <PendingLabel isPending={save.isPending} pendingText="Saving...">
              Continue
            </PendingLabel>
          </Button>
        </div>
      )}
    </div>
  );
}
