/**
 * Route / : the dashboard page. Sections switch by state, not by route (spec part 2 §2); the
 * route composes the dashboard, profile and sign-out features, which know nothing of each other.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSignOut } from '@/features/auth/api/use-sign-out';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import { sectionFromState, type DashboardSection } from '@/features/dashboard/components/sections';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { ProfileSection } from '@/features/profile/components/profile-section';
import { firstNameOf } from '@/lib/person-name';

export function Component() {
  const location = useLocation();
  // A new navigation to / (say, back from /link with `{ section: 'profile' }`) starts afresh.
  return <DashboardPage key={location.key} initialSection={sectionFromState(location.state)} />;
}
Component.displayName = 'DashboardRoute';

function DashboardPage({ initialSection }: { initialSection: DashboardSection }) {
  const [section, setSection] = useState(initialSection);
  const profile = useQuery(profileQueries.info());
  const { signOut, isSigningOut } = useSignOut();
  const name = profile.data?.user_legal_name;
  useSectionFocus(section);

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 pb-10 lg:max-w-5xl">
      <DashboardHeader
        name={name}
        isLoading={profile.isPending}
        onOpenProfile={() => setSection('profile')}
      />
      <main className="flex-1">
        {section === 'profile' ? (
          <ProfileSection
            onBack={() => setSection('dashboard')}
            onSignOut={() => void signOut()}
            isSigningOut={isSigningOut}
          />
        ) : (
          <DashboardHome
            firstName={firstNameOf(name)}
            linkedAccountCount={profile.data?.linkedAccounts.length ?? 0}
            isLoading={profile.isPending}
          />
        )}
      </main>
    </div>
  );
}

/**
 * A section switch replaces the page's content without a page load, so take people where a
 * page load would: to the top, with focus on the new section's heading.
 */
function useSectionFocus(section: DashboardSection) {
  // Compared with the last section rather than "first run", which StrictMode runs twice.
  const shown = useRef(section);
  useEffect(() => {
    if (shown.current === section) return;
    shown.current = section;
    window.scrollTo?.({ top: 0 });
    document.getElementById('section-heading')?.focus();
  }, [section]);
}
