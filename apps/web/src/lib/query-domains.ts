/**
 * The server's data, named by domain, for the query cache. Each feature's `api/` folder owns the
 * keys of its domain (one key factory per domain, every key starting with the domain's root), so
 * a mutation names the domains it changes — removing a linked account changes accounts, the
 * profile that lists them and the subscriptions found in them — and reloads only those, without
 * importing another feature's keys. A new domain (negotiations, annual plans, rewards, chat) is
 * one line here.
 */
import type { QueryClient } from '@tanstack/react-query';

export const queryDomains = {
  /** The profile: name, email, settings, and the linked accounts it lists. */
  profile: ['profile'],
  /** Linked bank accounts and their sync state. The profile lists them too. */
  accounts: ['accounts'],
  subscriptions: ['subscriptions'],
  savings: ['savings'],
  /** Negotiation offers and their calls. */
  negotiations: ['negotiations'],
  /** The rewards ledger's figures and history. */
  rewards: ['rewards'],
  /** Instant-savings offers and the gift cards of paid annual plans. */
  annualPlans: ['annualPlans'],
  /** Reminder settings and web-push opt-in. */
  reminders: ['reminders'],
  /** The person's personal access tokens for the open API. */
  accessTokens: ['accessTokens'],
  /** Linking's per-visit state (link token, load status): never reloaded by "the data changed". */
  linking: ['linking'],
} as const satisfies Record<string, readonly [string]>;

type QueryDomain = keyof typeof queryDomains;

/** Reloads every query of the given domains; resolves once the active ones have reloaded. */
export async function invalidateDomains(
  queryClient: QueryClient,
  domains: readonly QueryDomain[],
): Promise<void> {
  await Promise.all(
    domains.map((domain) => queryClient.invalidateQueries({ queryKey: queryDomains[domain] })),
  );
}
