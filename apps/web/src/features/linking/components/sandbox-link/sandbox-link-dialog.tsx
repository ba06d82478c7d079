/**
 * Billow's sandbox bank in a dialog that looks and behaves like Plaid Link, for running Billow
 * offline without Plaid keys. Each opening starts a fresh session (the flow mounts only while
 * open). The public token is handed over as soon as the accounts are linked, while the success
 * pane shows; leaving that pane (Continue, X, Escape) just closes. Closing it earlier exits,
 * with the bank's last error when there was one (as Plaid Link does), so the page can say that
 * linking failed.
 */
import { useEffect, useRef } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { BankLinkExitError, BankLinkSuccessMetadata } from '../../link/bank-link-types';
import { AccountsStep } from './accounts-step';
import { ConsentStep } from './consent-step';
import { CredentialsStep } from './credentials-step';
import { InstitutionStep } from './institution-step';
import { MfaStep } from './mfa-step';
import { OauthStep } from './oauth-step';
import { FailedStep, ResumingStep, SuccessStep } from './outcome-steps';
import { oauthStateIdOf, useSandboxLinkFlow } from './use-sandbox-link-flow';

type SandboxLinkDialogProps = {
  open: boolean;
  linkToken: string;
  receivedRedirectUri?: string | undefined;
  /** Called once, when the accounts are linked; the success pane is showing. */
  onSuccess(publicToken: string, metadata: BankLinkSuccessMetadata): void;
  /** The success pane was left. */
  onClose(): void;
  onExit(error: BankLinkExitError | null): void;
};

export function SandboxLinkDialog(props: SandboxLinkDialogProps) {
  return props.open ? <SandboxLinkSession {...props} /> : null;
}

function SandboxLinkSession({
  linkToken,
  receivedRedirectUri,
  onSuccess,
  onClose,
  onExit,
}: SandboxLinkDialogProps) {
  const flow = useSandboxLinkFlow({
    linkToken,
    oauthStateId: oauthStateIdOf(receivedRedirectUri),
    onExit,
    onSuccess,
  });
  const { step } = flow;
  const content = useRef<HTMLDivElement>(null);

  // A new step replaces the dialog's content: take focus to its first field, or its title.
  useEffect(() => {
    const root = content.current;
    const target =
      root?.querySelector<HTMLElement>('[data-autofocus]') ??
      root?.querySelector<HTMLElement>('[data-step-title]');
    target?.focus();
  }, [step]);

  function close() {
    if (flow.finish()) onClose();
    else onExit(flow.lastError());
  }

  const back = flow.canGoBack ? flow.back : undefined;
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent
        ref={content}
        hideClose
        // Focus goes where the step says (the effect above), not to the first button (Back).
        onOpenAutoFocus={(event) => event.preventDefault()}
        // Mid-request, a stray tap outside must not drop what the bank is doing.
        onPointerDownOutside={(event) => flow.isPending && event.preventDefault()}
        className="sm:max-w-sm"
      >
        {step.name === 'consent' && <ConsentStep onContinue={flow.acceptConsent} />}
        {step.name === 'institution' && (
          <InstitutionStep onBack={back} onChoose={flow.chooseInstitution} />
        )}
        {step.name === 'credentials' && (
          <CredentialsStep
            institution={step.institution}
            initial={step.credentials}
            isPending={flow.isPending}
            error={flow.error}
            onBack={back}
            onSubmit={(credentials) => void flow.submitCredentials(step.institution, credentials)}
          />
        )}
        {step.name === 'mfa' && (
          <MfaStep
            institution={step.institution}
            isPending={flow.isPending}
            error={flow.error}
            onBack={back}
            onSubmit={(code) => void flow.submitMfa(step.institution, step.credentials, code)}
          />
        )}
        {step.name === 'oauth' && (
          <OauthStep
            institution={step.institution}
            isPending={flow.isPending}
            error={flow.error}
            onBack={back}
            onContinue={() => void flow.startOauth(step.institution)}
          />
        )}
        {step.name === 'resuming' && <ResumingStep />}
        {step.name === 'accounts' && (
          <AccountsStep
            institution={step.institution}
            accounts={step.accounts}
            isPending={flow.isPending}
            error={flow.error}
            onBack={back}
            onContinue={(keys) => void flow.chooseAccounts(step.institution, step.login, keys)}
          />
        )}
        {step.name === 'success' && (
          <SuccessStep institution={step.institution} accounts={step.accounts} onContinue={close} />
        )}
        {step.name === 'failed' && <FailedStep message={step.message} onStartOver={flow.back} />}
      </DialogContent>
    </Dialog>
  );
}
