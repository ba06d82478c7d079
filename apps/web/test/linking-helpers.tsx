/**
 * What the linking tests share: sandbox bank answers shaped by the contracts, the sandbox routes
 * with their query strings (the mock API matches whole paths), and a page that drives Link
 * through `useBankLink` the way a screen does.
 */
import { vi } from 'vitest';
import { sandboxRoutes, type RouteContract, type SandboxInstitution } from '@billow/contracts';
import type { SandboxAccountPreview } from '@billow/contracts';
import { useBankLink, type UseBankLinkOptions } from '@/features/linking/link/use-bank-link';

export const LINK_TOKEN = 'link-sandbox-test-token';

export function anInstitution(overrides: Partial<SandboxInstitution> = {}): SandboxInstitution {
  return {
    institution_id: 'ins_sbx_bank_of_america',
    name: 'Bank of America',
    domain: 'bankofamerica.com',
    oauth: false,
    mfa: false,
    primaryColor: '#e31837',
    ...overrides,
  };
}

export const chase = anInstitution({
  institution_id: 'ins_sbx_chase',
  name: 'Chase',
  domain: 'chase.com',
  oauth: true,
});
export const navyFederal = anInstitution({
  institution_id: 'ins_sbx_navy_federal',
  name: 'Navy Federal Credit Union',
  domain: 'navyfederal.org',
  mfa: true,
});
export const bankOfAmerica = anInstitution();

export const sandboxAccounts: SandboxAccountPreview[] = [
  {
    key: 'checking',
    name: 'Plaid Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
  },
  { key: 'savings', name: 'Plaid Saving', mask: '1111', type: 'depository', subtype: 'savings' },
  {
    key: 'credit',
    name: 'Plaid Credit Card',
    mask: '3333',
    type: 'credit',
    subtype: 'credit card',
  },
];

/** A sandbox route as requested with this query string. */
export function withQuery(route: RouteContract, query: Record<string, string>): RouteContract {
  return { ...route, path: `${route.path}?${new URLSearchParams(query).toString()}` };
}

export const institutionsRoute = (query?: string) =>
  query ? withQuery(sandboxRoutes.institutions, { query }) : sandboxRoutes.institutions;

/** A Plaid-style login error: the developer's error_message, and display_message for people. */
export const loginError = (
  error_code: string,
  error_message: string,
  display_message: string | null = null,
) => ({
  status: 'error',
  error: { error_code, error_message, display_message },
});

export function linkCallbacks() {
  return {
    onSuccess: vi.fn<UseBankLinkOptions['onSuccess']>(),
    onExit: vi.fn<UseBankLinkOptions['onExit']>(),
  };
}

/** A page with one button that opens Link, as a screen would. */
export function LinkHarness(props: Partial<UseBankLinkOptions> & ReturnType<typeof linkCallbacks>) {
  const link = useBankLink({ linkToken: LINK_TOKEN, linkProvider: 'sandbox', ...props });
  return (
    <>
      <button type="button" onClick={link.open} disabled={!link.ready}>
        Open Link
      </button>
      {link.element}
    </>
  );
}
