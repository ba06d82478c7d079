/**
 * Banks that sign people in on their own site (Plaid's OAuth flow): Billow hands over to the
 * bank, and the bank sends the person back to /plaid-oauth, where Link picks up again.
 */
import { ExternalLink } from 'lucide-react';
import type { SandboxInstitution } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { PendingLabel } from '@/components/ui/pending-label';
import { InstitutionHeader } from './institution-header';
import { StepFrame } from './step-frame';
import type { StepError } from './use-sandbox-link-flow';

export function OauthStep({
  institution,
  isPending,
  error,
  onBack,
  onContinue,
}: {
  institution: SandboxInstitution;
  isPending: boolean;
  error: StepError | null;
  onBack: (() => void) | undefined;
  onContinue(): void;
}) {
  return (
    <StepFrame
      title={`Log in at ${institution.name}`}
      description={`You’ll sign in on ${institution.name}’s own site and come straight back to Billow to choose your accounts.`}
      onBack={onBack}
      error={error}
      footer={
        <Button
          size="lg"
          className="w-full"
          data-autofocus
          onClick={onContinue}
          disabled={isPending}
        >
          <PendingLabel isPending={isPending} pendingText="Redirecting…">
            Continue to {institution.name}
            <ExternalLink aria-hidden="true" />
          </PendingLabel>
        </Button>
      }
    >
      <InstitutionHeader institution={institution} />
      <p className="text-sm text-muted-foreground">
        Billow never sees the password you use at {institution.name}.
      </p>
    </StepFrame>
  );
}
