/**
 * Where the dashboard page is (spec part 2 §2): one page whose sections switch by state, not by
 * route. A section is a discriminated union on `section`, so the flows that move through several
 * screens carry what they are about — the annual-plan flow the subscription it converts (and,
 * from the account choice on, the account that pays), the negotiations section the subscription
 * whose required-information form to open. The same value is the navigation state that
 * preselects a section on arrival (`navigate('/', { state: { section: 'profile' } })`), which
 * is why it lives here and not in a feature: linking hands it over, the dashboard route reads it.
 *
 * `location.state` is `unknown` and survives reloads, so it is parsed: an unknown section, or a
 * flow screen without the subscription it needs, falls back to the dashboard rather than
 * stranding anyone on a blank page.
 */
export type DashboardSection =
  | { section: 'dashboard' }
  | { section: 'profile' }
  | { section: 'rewards' }
  | { section: 'subscriptions' }
  | { section: 'calendar' }
  /** Spending charts and price increases. */
  | { section: 'insights' }
  /** With a subscription: open its required-information form (the negotiation flow). */
  | { section: 'negotiations'; subscriptionId?: string }
  // The annual-plan flow, in its order: each screen knows the subscription it converts.
  | { section: 'annual-conversion'; subscriptionId: string }
  | { section: 'how-it-works'; subscriptionId: string }
  | { section: 'payment-account-selection'; subscriptionId: string }
  | { section: 'payment-confirmation'; subscriptionId: string; financialAccountId: string }
  | { section: 'annual-code'; subscriptionId: string };
export type DashboardSectionName = DashboardSection['section'];

export const homeSection: DashboardSection = { section: 'dashboard' };

/** What each section carries beyond its name: its ids, and whether each must be there. */
const sectionShapes: Record<
  DashboardSectionName,
  Partial<Record<'subscriptionId' | 'financialAccountId', 'required' | 'optional'>>
> = {
  dashboard: {},
  profile: {},
  rewards: {},
  subscriptions: {},
  calendar: {},
  insights: {},
  negotiations: { subscriptionId: 'optional' },
  'annual-conversion': { subscriptionId: 'required' },
  'how-it-works': { subscriptionId: 'required' },
  'payment-account-selection': { subscriptionId: 'required' },
  'payment-confirmation': { subscriptionId: 'required', financialAccountId: 'required' },
  'annual-code': { subscriptionId: 'required' },
};

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Reads `location.state` as a section; anything else is the dashboard. Checked by hand, not with
 * zod: this runs on the dashboard's first screen, which loads no schemas (issue 16).
 */
export function sectionFromState(state: unknown): DashboardSection {
  if (typeof state !== 'object' || state === null) return homeSection;
  const given = state as Record<string, unknown>;
  const name = given.section;
  if (typeof name !== 'string' || !Object.hasOwn(sectionShapes, name)) return homeSection;
  const section: Record<string, string> = { section: name };
  for (const [key, need] of Object.entries(sectionShapes[name as DashboardSectionName])) {
    const value = given[key];
    if (isId(value)) section[key] = value;
    else if (need === 'required' || value !== undefined) return homeSection;
  }
  return section as DashboardSection;
}

/**
 * A key that changes whenever what the page shows changes: the section and what it is about.
 * Moving focus to the new heading (`useSectionFocus`) keys on it, so going from one
 * subscription's plan to another's counts as a new screen too.
 */
export function sectionKey(section: DashboardSection): string {
  return JSON.stringify(section);
}
