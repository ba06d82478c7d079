/**
 * /account-linking-info (docs/onboarding.md, "Before linking"): why and how Billow connects to bank
 * accounts, before /link opens the bank-linking provider. Visitors from a merchant landing are
 * reminded of that landing's offer. Next carries the navigation state on to /link.
 */
import { useNavigate } from 'react-router';
import { formatWholeDollars, LINKING_PROVIDER_NAME } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { track } from '@/lib/analytics';
import { landingInfoForMerchant } from '../merchant-landings';
import { readOnboardingState } from '@/lib/navigation-state';
import { LinkingDiagram } from './linking-diagram';
import { StepHeading } from './step-heading';
import { dataSafetyPromises } from '@/components/data-safety-promises';
import { IconList } from '@/components/icon-list';

export function AccountLinkingInfo({ incomingState }: { incomingState: unknown }) {
  const navigate = useNavigate();
  const state = readOnboardingState(incomingState);
  const landing = landingInfoForMerchant(state.selectedMerchant);

  function next() {
    track('account_linking_info_next');
    void navigate('/link', { state });
  }

  return (
    <div className="flex flex-1 flex-col gap-6 pt-4">
      <header className="space-y-3">
        {landing && (
          <p className="text-sm font-semibold text-primary">
            You&apos;re on your way to saving {formatWholeDollars(landing.headlineSavings)} on your{' '}
            {landing.merchantName} subscription
          </p>
        )}
        <StepHeading>Link your accounts</StepHeading>
        <p className="text-muted-foreground">
          Billow uses {LINKING_PROVIDER_NAME} to securely connect the accounts you pay your bills
          with, so it can find your subscriptions and start saving.
        </p>
      </header>

      <LinkingDiagram />

      <section aria-labelledby="linking-safety" className="space-y-3">
        <h2 id="linking-safety" className="font-semibold">
          Your data is safe
        </h2>
        <IconList items={dataSafetyPromises} />
      </section>

      <section
        aria-labelledby="linking-what"
        className="space-y-2 rounded-[var(--radius-card)] bg-muted p-4 text-sm"
      >
        <h2 id="linking-what" className="font-semibold">
          What can I link?
        </h2>
        <p className="text-muted-foreground">
          Checking accounts, credit cards and debit cards. You can add or remove accounts later from
          your profile.
        </p>
        <p className="text-muted-foreground">
          Billow never sees your sensitive bank account details, and you choose what to share.
        </p>
      </section>

      <Button size="lg" className="mt-auto w-full lg:mt-8" onClick={next}>
        Next
      </Button>
    </div>
  );
}
