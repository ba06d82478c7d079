/**
 * Where the dashboard page is (docs/dashboard.md, "One page, many sections"): one page whose
 * sections switch by state, not by route. A section is a discriminated union on `section`, so the
 * flows that move through several screens carry what they are about — the annual-plan flow the
 * subscription it converts (and, from the account choice on, the account that pays), the
 * negotiations section the subscription whose required-information form to open. The same value is
 * the navigation state that preselects a section on arrival (`navigate('/', { state: { section:
 * 'profile' } })`), which is why it lives here and not in a feature: linking hands it over, the
 * dashboard route reads it.
 *
 * `location.state` is `unknown` and survives reloads, so it is parsed: an unknown section, or a
 * flow screen without the subscription it needs, falls back to the dashboard rather than
 * stranding anyone on a blank page.
 *
 * The address mirrors the state as a query (`/?section=annual-code&subscription=…`): the route
 * stays the one `/`, and a bookmark or a shared link, which carry no state, land on the same
 * section (docs/architecture.md, "Web").
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
type DashboardSectionName = DashboardSection['section'];

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

/** The address query's name for each id a section carries. */
const queryNames = { subscriptionId: 'subscription', financialAccountId: 'account' } as const;

/**
 * Reads `location.state` as a section; anything else is the dashboard. Checked by hand, not with
 * zod: this runs on the dashboard's first screen, which loads no schemas.
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

/** The section as the dashboard address's query; the dashboard itself has none. */
export function sectionSearch(section: DashboardSection): string {
  if (section.section === homeSection.section) return '';
  const params = new URLSearchParams({ section: section.section });
  for (const [key, name] of Object.entries(queryNames)) {
    const value = (section as Partial<Record<string, string>>)[key];
    if (value) params.set(name, value);
  }
  return `?${params.toString()}`;
}

/** Where the dashboard shows `section`: for `navigate(dashboardTo(s), { state: s })`. */
export function dashboardTo(section: DashboardSection) {
  return { pathname: '/', search: sectionSearch(section) };
}

/**
 * The section a dashboard address opens: its state, which its query mirrors; without state (a
 * bookmark, a shared link, a new tab) the query.
 */
export function sectionFromLocation(location: { state: unknown; search: string }) {
  if (location.state !== null && location.state !== undefined)
    return sectionFromState(location.state);
  const params = new URLSearchParams(location.search);
  if (!params.has('section')) return homeSection;
  const state: Record<string, string> = { section: params.get('section')! };
  for (const [key, name] of Object.entries(queryNames)) {
    const value = params.get(name);
    if (value !== null) state[key] = value;
  }
  return sectionFromState(state);
}

/**
 * A key that changes whenever what the page shows changes: the section and what it is about.
 * Moving focus to the new heading (`useSectionFocus`) keys on it, so going from one
 * subscription's plan to another's counts as a new screen too.
 */
export function sectionKey(section: DashboardSection): string {
  return JSON.stringify(section);
}
