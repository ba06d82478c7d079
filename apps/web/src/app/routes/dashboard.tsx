/**
 * Route / : the dashboard page. Sections switch by state, not by route (spec part 2 §2); the
 * route composes the dashboard, subscriptions, profile and sign-out features, which know nothing
 * of each other.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSignOut } from '@/features/auth/api/use-sign-out';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import { NegotiationsCard } from '@/features/negotiations/components/negotiations-card';
import { NegotiationsSection } from '@/features/negotiations/components/negotiations-section';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { useUpdateProfileSettings } from '@/features/profile/api/use-update-profile-settings';
import { ProfileSection } from '@/features/profile/components/profile-section';
import { RewardsCard } from '@/features/rewards/components/rewards-card';
import { RewardsSection } from '@/features/rewards/components/rewards-section';
import { BillsCard } from '@/features/subscriptions/components/bills-card';
import { SubscriptionsSection } from '@/features/subscriptions/components/subscriptions-section';
import { SubscriptionsShortcut } from '@/features/subscriptions/components/subscriptions-shortcut';
import { subscriptionQueries } from '@/features/subscriptions/api/subscription-queries';
import {
  homeSection,
  sectionFromState,
  sectionKey,
  type DashboardSection,
} from '@/lib/dashboard-section';
import { firstNameOf } from '@/lib/person-name';
import { useSectionFocus } from '@/lib/use-section-focus';

export function Component() {
  const location = useLocation();
  // A new navigation to / (say, back from /link with `{ section: 'profile' }`) starts afresh.
  return <DashboardPage key={location.key} initialSection={sectionFromState(location.state)} />;
}
Component.displayName = 'DashboardRoute';

function DashboardPage({ initialSection }: { initialSection: DashboardSection }) {
  const [view, setView] = useState(initialSection);
  const profile = useQuery(profileQueries.info());
  const subscriptions = useQuery(subscriptionQueries.list());
  const { signOut, isSigningOut } = useSignOut();
  const updateSettings = useUpdateProfileSettings();
  const name = profile.data?.user_legal_name;
  const goHome = () => setView(homeSection);
  useSectionFocus(sectionKey(view));

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 pb-10 lg:max-w-5xl">
      <DashboardHeader
        name={name}
        isLoading={profile.isPending}
        onOpenProfile={() => setView({ section: 'profile' })}
      />
      <main className="flex-1">
        {view.section === 'profile' ? (
          <ProfileSection
            onBack={goHome}
            onSignOut={() => void signOut()}
            isSigningOut={isSigningOut}
          />
        ) : view.section === 'rewards' ? (
          <RewardsSection
            onBack={goHome}
            isAutoApplyEnabled={profile.data?.profile_settings.is_auto_apply_rewards_enabled}
          />
        ) : view.section === 'subscriptions' ? (
          <SubscriptionsSection onBack={goHome} />
        ) : view.section === 'negotiations' ? (
          <NegotiationsSection
            onBack={goHome}
            isNegotiationEnabled={profile.data?.profile_settings.is_bill_negotiation_enabled}
            onEnable={() => updateSettings.mutate({ is_bill_negotiation_enabled: true })}
            isEnabling={updateSettings.isPending}
            onOpenAnnualConversion={(subscriptionId) =>
              setView({ section: 'annual-conversion', subscriptionId })
            }
            onOpenAnnualCode={(subscriptionId) =>
              setView({ section: 'annual-code', subscriptionId })
            }
          />
        ) : (
          <DashboardHome
            firstName={firstNameOf(name)}
            linkedAccountCount={profile.data?.linkedAccounts.length ?? 0}
            hasSubscriptions={subscriptions.data ? subscriptions.data.length > 0 : undefined}
            isLoading={profile.isPending}
            negotiationsCard={
              <NegotiationsCard
                onViewAll={() => setView({ section: 'negotiations' })}
                onOpenAnnualConversion={(subscriptionId) =>
                  setView({ section: 'annual-conversion', subscriptionId })
                }
              />
            }
            billsCard={<BillsCard />}
            subscriptionsShortcut={
              <SubscriptionsShortcut onOpen={() => setView({ section: 'subscriptions' })} />
            }
            rewardsCard={<RewardsCard onOpen={() => setView({ section: 'rewards' })} />}
          />
        )}
      </main>
    </div>
  );
}
