/**
 * The sandbox bank's Link steps (`sandboxRoutes`), as the sandbox dialog calls them. Bank
 * errors come back two ways — inside a login answer (`status: 'error'`), or as a 400 problem
 * whose code is the bank's (Plaid's) error code and whose detail its message — and both become
 * one `SandboxLinkError`, so the dialog can show them inline and spot an expired link token.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  sandboxRoutes,
  type SandboxAccountPreview,
  type SandboxInstitution,
  type SandboxLinkLogin,
} from '@billow/contracts';
import { api, ApiError } from '@/lib/api-client';
import { linkingKeys } from './link-token';

/** What a Link step sends to prove who is linking; the link token is added per call. */
export type SandboxLogin = Omit<SandboxLinkLogin, 'link_token'>;

export class SandboxLinkError extends Error {
  constructor(
    readonly code: string,
    /** Plaid's error_message: for developers and logs, never shown. */
    message: string,
    /** Plaid's display_message: the sentence a person may read, when the bank has one. */
    readonly displayMessage: string | null = null,
  ) {
    super(message);
    this.name = 'SandboxLinkError';
  }
}

/** A 400 from the sandbox bank: code INVALID_LINK_TOKEN, 'link token is invalid or has expired'. */
function bankErrorOf(error: unknown): unknown {
  const code = error instanceof ApiError ? error.problemCode : undefined;
  if (!code || !/^[A-Z][A-Z0-9_]+$/.test(code) || !(error instanceof ApiError)) return error;
  return new SandboxLinkError(code, error.problem?.detail ?? code);
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw bankErrorOf(error);
  }
}

export function institutionsQuery(search: string) {
  const query = search.trim();
  return queryOptions({
    queryKey: [...linkingKeys.all, 'sandbox-institutions', query] as const,
    queryFn: ({ signal }): Promise<SandboxInstitution[]> =>
      api(sandboxRoutes.institutions, undefined, { signal, query: query ? { query } : {} }),
    // The list never changes while the dialog is open; keep the last list while typing.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

type LoginOutcome =
  { status: 'mfa_required' } | { status: 'ok'; accounts: SandboxAccountPreview[] };

export async function sandboxLogin(linkToken: string, login: SandboxLogin): Promise<LoginOutcome> {
  const answer = await call(() => api(sandboxRoutes.login, { link_token: linkToken, ...login }));
  if (answer.status === 'error')
    throw new SandboxLinkError(
      answer.error.error_code,
      answer.error.error_message,
      answer.error.display_message,
    );
  return answer.status === 'ok' ? answer : { status: 'mfa_required' };
}

export function startSandboxOauth(linkToken: string, institutionId: string) {
  return call(() =>
    api(sandboxRoutes.oauthStart, { link_token: linkToken, institution_id: institutionId }),
  );
}

export function resumeSandboxOauth(oauthStateId: string) {
  return call(() =>
    api(sandboxRoutes.oauthResume, undefined, { query: { oauth_state_id: oauthStateId } }),
  );
}

export function completeSandboxLink(linkToken: string, login: SandboxLogin, accountKeys: string[]) {
  return call(() =>
    api(sandboxRoutes.complete, { link_token: linkToken, ...login, account_keys: accountKeys }),
  );
}
