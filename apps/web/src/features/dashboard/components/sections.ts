/**
 * The dashboard is one page whose sections switch by state, not by route (spec part 2 §2);
 * `{ section }` in the navigation state preselects one on arrival. Unknown values fall back
 * to the default, so an old link never strands anyone on a blank page.
 */
import { readDashboardState } from '@/lib/navigation-state';

export const dashboardSections = [
  'dashboard',
  'profile',
  'rewards',
  'subscriptions',
  'negotiations',
  'annual-conversion',
  'how-it-works',
  'payment-account-selection',
  'payment-confirmation',
  'annual-code',
] as const;
export type DashboardSection = (typeof dashboardSections)[number];

function isDashboardSection(value: string | undefined): value is DashboardSection {
  return (dashboardSections as readonly (string | undefined)[]).includes(value);
}

export function sectionFromState(state: unknown): DashboardSection {
  const { section } = readDashboardState(state);
  return isDashboardSection(section) ? section : 'dashboard';
}
