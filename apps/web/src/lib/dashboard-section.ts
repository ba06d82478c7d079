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
import { z } from 'zod';

const subscriptionId = z.string().min(1);

export const dashboardSection = z.discriminatedUnion('section', [
  z.object({ section: z.literal('dashboard') }),
  z.object({ section: z.literal('profile') }),
  z.object({ section: z.literal('rewards') }),
  z.object({ section: z.literal('subscriptions') }),
  z.object({ section: z.literal('calendar') }),
  /** Spending charts and price increases. */
  z.object({ section: z.literal('insights') }),
  /** With a subscription: open its required-information form (the negotiation flow). */
  z.object({ section: z.literal('negotiations'), subscriptionId: subscriptionId.optional() }),
  // The annual-plan flow, in its order: each screen knows the subscription it converts.
  z.object({ section: z.literal('annual-conversion'), subscriptionId }),
  z.object({ section: z.literal('how-it-works'), subscriptionId }),
  z.object({ section: z.literal('payment-account-selection'), subscriptionId }),
  z.object({
    section: z.literal('payment-confirmation'),
    subscriptionId,
    financialAccountId: z.string().min(1),
  }),
  z.object({ section: z.literal('annual-code'), subscriptionId }),
]);
export type DashboardSection = z.infer<typeof dashboardSection>;
export type DashboardSectionName = DashboardSection['section'];

export const homeSection: DashboardSection = { section: 'dashboard' };

/** Reads `location.state` as a section; anything else is the dashboard. */
export function sectionFromState(state: unknown): DashboardSection {
  const parsed = dashboardSection.safeParse(state);
  return parsed.success ? parsed.data : homeSection;
}

/**
 * A key that changes whenever what the page shows changes: the section and what it is about.
 * Moving focus to the new heading (`useSectionFocus`) keys on it, so going from one
 * subscription's plan to another's counts as a new screen too.
 */
export function sectionKey(section: DashboardSection): string {
  return JSON.stringify(section);
}
