/**
 * The sandbox Link dialog's steps, in Plaid Link's order: consent → institution → credentials
 * (→ MFA code) or the bank's OAuth page → account choice → success. It holds what a later step
 * must send again (the sandbox's `complete` re-checks the login, as Plaid's does), runs each
 * step's request, and turns the bank's answers into the next step or an inline error.
 * An expired or invalid link token ends Link with INVALID_LINK_TOKEN, as Plaid Link does.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  INVALID_LINK_TOKEN,
  linkingMessages,
  type SandboxAccountPreview,
  type SandboxInstitution,
} from '@billow/contracts';
import {
  completeSandboxLink,
  resumeSandboxOauth,
  SandboxLinkError,
  sandboxLogin,
  startSandboxOauth,
  type SandboxLogin,
} from '../../api/sandbox-link-api';
import type { BankLinkExitError, BankLinkSuccessMetadata } from '../../link/bank-link-types';

export type Credentials = { username: string; password: string };

type FlowStep =
  | { name: 'consent' }
  | { name: 'institution' }
  | { name: 'credentials'; institution: SandboxInstitution; credentials?: Credentials }
  | { name: 'mfa'; institution: SandboxInstitution; credentials: Credentials }
  | { name: 'oauth'; institution: SandboxInstitution }
  | { name: 'resuming' }
  | {
      name: 'accounts';
      institution: SandboxInstitution;
      login: SandboxLogin;
      accounts: SandboxAccountPreview[];
      credentials?: Credentials;
    }
  | {
      name: 'success';
      institution: SandboxInstitution;
      publicToken: string;
      accounts: SandboxAccountPreview[];
    }
  | { name: 'failed'; message: string };

/** An error shown in the step it happened in, in words for people. */
export type StepError = { message: string };

/** Plaid's messages are lower-case fragments ('the provided credentials were not correct'). */
function sentenceOf(message: string): string {
  const trimmed = message.trim();
  const sentence = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

const somethingWentWrong = 'Something went wrong. Please try again.';

/**
 * Only Plaid's display_message is for people; its error_message speaks to developers ('prompt
 * the user to…') and its code to logs. A bank with no display_message (or one that is a bare
 * code) gets the cancelled-or-failed sentence of `linkingMessages`. https://plaid.com/docs/errors/
 */
function stepErrorOf(error: unknown): StepError {
  if (!(error instanceof SandboxLinkError)) return { message: somethingWentWrong };
  const display = error.displayMessage?.trim();
  return display && /\s/.test(display)
    ? { message: sentenceOf(display) }
    : { message: linkingMessages.cancelledOrFailed };
}

export function oauthStateIdOf(receivedRedirectUri: string | undefined): string | undefined {
  if (!receivedRedirectUri) return undefined;
  try {
    return (
      new URL(receivedRedirectUri, window.location.origin).searchParams.get('oauth_state_id') ??
      undefined
    );
  } catch {
    return undefined;
  }
}

export function useSandboxLinkFlow({
  linkToken,
  oauthStateId,
  onExit,
  onSuccess,
}: {
  linkToken: string;
  /** Set when Link reopens after the bank's OAuth redirect. */
  oauthStateId: string | undefined;
  onExit(error: BankLinkExitError): void;
  onSuccess(publicToken: string, metadata: BankLinkSuccessMetadata): void;
}) {
  const [step, setStep] = useState<FlowStep>(() =>
    oauthStateId ? { name: 'resuming' } : { name: 'consent' },
  );
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<StepError | null>(null);
  const exitRef = useRef(onExit);
  useEffect(() => {
    exitRef.current = onExit;
  });
  // The bank's last error: closing Link after one exits with it, as Plaid Link's onExit does.
  const lastErrorRef = useRef<BankLinkExitError | null>(null);
  const remember = (failure: unknown) => {
    if (failure instanceof SandboxLinkError)
      lastErrorRef.current = { error_code: failure.code, error_message: failure.message };
  };

  const goTo = useCallback((next: FlowStep) => {
    setError(null);
    setStep(next);
  }, []);

  /** Runs a step's request: pending while it runs, its failure shown inline or ending Link. */
  const run = useCallback(async (request: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await request();
    } catch (failure) {
      if (failure instanceof SandboxLinkError && failure.code === INVALID_LINK_TOKEN) {
        exitRef.current({ error_code: failure.code, error_message: failure.message });
        return;
      }
      remember(failure);
      setError(stepErrorOf(failure));
    } finally {
      setPending(false);
    }
  }, []);

  // Back from the bank: find out which bank it was, then sign in with the OAuth state.
  useEffect(() => {
    if (!oauthStateId) return;
    let isCurrent = true;
    void (async () => {
      try {
        const { institution } = await resumeSandboxOauth(oauthStateId);
        const login = { institution_id: institution.institution_id, oauth_state_id: oauthStateId };
        const outcome = await sandboxLogin(linkToken, login);
        if (!isCurrent) return;
        if (outcome.status === 'ok')
          setStep({ name: 'accounts', institution, login, accounts: outcome.accounts });
        else setStep({ name: 'failed', message: somethingWentWrong });
      } catch (failure) {
        if (!isCurrent) return;
        if (failure instanceof SandboxLinkError && failure.code === INVALID_LINK_TOKEN)
          exitRef.current({ error_code: failure.code, error_message: failure.message });
        else {
          remember(failure);
          setStep({ name: 'failed', message: stepErrorOf(failure).message });
        }
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [linkToken, oauthStateId]);

  function signIn(institution: SandboxInstitution, credentials: Credentials, mfaCode?: string) {
    const login: SandboxLogin = {
      institution_id: institution.institution_id,
      ...credentials,
      ...(mfaCode ? { mfa_code: mfaCode } : {}),
    };
    return run(async () => {
      const outcome = await sandboxLogin(linkToken, login);
      if (outcome.status === 'mfa_required') goTo({ name: 'mfa', institution, credentials });
      else goTo({ name: 'accounts', institution, login, accounts: outcome.accounts, credentials });
    });
  }

  function back() {
    switch (step.name) {
      case 'institution':
        return goTo({ name: 'consent' });
      case 'credentials':
      case 'oauth':
      case 'failed':
        return goTo({ name: 'institution' });
      case 'mfa':
        return goTo({
          name: 'credentials',
          institution: step.institution,
          credentials: step.credentials,
        });
      case 'accounts':
        return goTo(
          step.institution.oauth
            ? { name: 'institution' }
            : { name: 'credentials', institution: step.institution, credentials: step.credentials },
        );
    }
  }

  const canGoBack = !isPending && !['consent', 'resuming', 'success'].includes(step.name);

  return {
    step,
    isPending,
    error,
    /** The bank's last error in this session, for an exit. */
    lastError: () => lastErrorRef.current,
    canGoBack,
    back,
    acceptConsent: () => goTo({ name: 'institution' }),
    chooseInstitution: (institution: SandboxInstitution) =>
      goTo(
        institution.oauth ? { name: 'oauth', institution } : { name: 'credentials', institution },
      ),
    submitCredentials: (institution: SandboxInstitution, credentials: Credentials) =>
      signIn(institution, credentials),
    submitMfa: (institution: SandboxInstitution, credentials: Credentials, code: string) =>
      signIn(institution, credentials, code),
    /** Leaves for the bank's page; /plaid-oauth brings the person back into Link. */
    startOauth: (institution: SandboxInstitution) =>
      run(async () => {
        const { redirect_path } = await startSandboxOauth(linkToken, institution.institution_id);
        window.location.assign(redirect_path);
        // The page is unloading: stay pending so nothing can be pressed twice meanwhile.
        await new Promise<never>(() => {});
      }),
    chooseAccounts: (institution: SandboxInstitution, login: SandboxLogin, keys: string[]) =>
      run(async () => {
        const linked = await completeSandboxLink(linkToken, login, keys);
        goTo({
          name: 'success',
          institution,
          publicToken: linked.public_token,
          accounts: linked.accounts,
        });
        // Handed over now, while the success pane shows: the link is stored even when the
        // page is reloaded or closed before Continue.
        onSuccess(linked.public_token, {
          institution: { institution_id: institution.institution_id, name: institution.name },
          accounts: linked.accounts.map(({ key, name, mask, type, subtype }) => ({
            id: key,
            name,
            mask,
            type,
            subtype,
          })),
        });
      }),
    /** Whether Link ended in success (its success pane is left, whichever way). */
    finish: () => {
      if (step.name !== 'success') return false;
      return true;
    },
  };
}
