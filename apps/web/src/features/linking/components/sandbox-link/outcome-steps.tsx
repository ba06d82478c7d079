/** The steps that are a moment rather than a form: resuming after OAuth, success, and failure. */
import { CircleCheck, LoaderCircle } from 'lucide-react';
import type { SandboxInstitution } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import type { SandboxAccountPreview } from '@billow/contracts';
import { InstitutionHeader } from './institution-header';
import { StepFrame } from './step-frame';

export function ResumingStep() {
  return (
    <StepFrame
      title="Finishing your bank sign-in"
      description="Checking in with your bank. This only takes a moment."
    >
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-3">
        <LoaderCircle className="size-8 text-primary motion-safe:animate-spin" aria-hidden="true" />
        <span className="text-sm text-muted-foreground">Getting your accounts…</span>
      </div>
    </StepFrame>
  );
}

export function SuccessStep({
  institution,
  accounts,
  onContinue,
}: {
  institution: SandboxInstitution;
  accounts: SandboxAccountPreview[];
  onContinue(): void;
}) {
  const count = accounts.length === 1 ? '1 account' : `${accounts.length} accounts`;
  return (
    <StepFrame
      title="Success!"
      description={`${count} at ${institution.name} ${accounts.length === 1 ? 'is' : 'are'} now connected to Billow.`}
      footer={
        <Button size="lg" className="w-full" data-autofocus onClick={onContinue}>
          Continue
        </Button>
      }
    >
      <div className="flex justify-center py-4">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-success/15">
          <CircleCheck className="size-9 text-success" aria-hidden="true" />
        </span>
      </div>
      <InstitutionHeader institution={institution} />
    </StepFrame>
  );
}

export function FailedStep({ message, onStartOver }: { message: string; onStartOver(): void }) {
  return (
    <StepFrame
      title="We couldn’t connect your bank"
      description="The sign-in at your bank didn’t finish. You can pick your bank and try again."
      onBack={onStartOver}
      footer={
        <Button size="lg" className="w-full" data-autofocus onClick={onStartOver}>
          Start over
        </Button>
      }
    >
      <FieldError message={message} />
    </StepFrame>
  );
}
