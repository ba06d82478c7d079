/**
 * Route / : the dashboard page. Sections switch by state, not by route (docs/dashboard.md,
 * "One page, many sections"); the route composes the dashboard, subscriptions, profile and sign-out
 * features, which know nothing of each other.
 */
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { annualPlanFor, type Subscription } from '@billow/contracts';
import { InstallAppCard } from '@/features/app-install/components/install-app-card';
import { InstantSavingsCard } from '@/features/annual-plans/components/instant-savings-card';
import { payableAccounts, type AnnualPlan } from '@/features/annual-plans/payable-accounts';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSignOut } from '@/features/auth/api/use-sign-out';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { useHomeCardsPending } from '@/app/home-queries';
import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import { OverdraftAlert } from '@/features/dashboard/components/overdraft-alert';
import { NegotiationsCard } from '@/features/negotiations/components/negotiations-card';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { UpdateRequiredBanner } from '@/features/profile/components/update-required-banner';
import { useUpdateProfileSettings } from '@/features/profile/api/use-update-profile-settings';
import { RewardsCard } from '@/features/rewards/components/rewards-card';
import { BillsCard } from '@/features/subscriptions/components/bills-card';
import { SubscriptionDetailPopup } from '@/features/subscriptions/components/subscription-detail-popup';
import { SubscriptionsShortcut } from '@/features/subscriptions/components/subscriptions-shortcut';
import { subscriptionQueries } from '@/features/subscriptions/api/subscription-queries';
import {
  homeSection,
  sectionFromLocation,
  dashboardTo,
  sectionKey,
  type DashboardSection,
} from '@/lib/dashboard-section';
import { Skeleton } from '@/components/ui/skeleton';
import { firstNameOf } from '@/lib/person-name';
import { useSectionFocus } from '@/lib/use-section-focus';

/**
 * Every section but the home is loaded when it is first opened, so the signed-in first screen
 * carries only the home's cards. Focus still lands on the section's heading: it is
 * moved there once the heading appears (`useSectionFocus`).
 */
function lazySection<P>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
const CancelFromLink = lazySection(
  async () => (await import('@/features/subscriptions/components/cancel-from-link')).CancelFromLink,
);
const ProfileSection = lazySection(
  async () => (await import('@/features/profile/components/profile-section')).ProfileSection,
);
const CalendarFeedCard = lazySection(
  async () => (await import('@/features/calendar/components/calendar-feed-card')).CalendarFeedCard,
);
const RewardsSection = lazySection(
  async () => (await import('@/features/rewards/components/rewards-section')).RewardsSection,
);
const SubscriptionsSection = lazySection(
  async () =>
    (await import('@/features/subscriptions/components/subscriptions-section'))
      .SubscriptionsSection,
);
const NegotiationsSection = lazySection(
  async () =>
    (await import('@/features/negotiations/components/negotiations-section')).NegotiationsSection,
);
const CalendarSection = lazySection(
  async () => (await import('@/features/calendar/components/calendar-section')).CalendarSection,
);
const InsightsSection = lazySection(
  async () => (await import('@/features/insights/components/insights-section')).InsightsSection,
);
const AnnualConversionScreen = lazySection(
  async () =>
    (await import('@/features/annual-plans/components/plan-screens')).AnnualConversionScreen,
);
const AnnualHowItWorksScreen = lazySection(
  async () =>
    (await import('@/features/annual-plans/components/plan-screens')).AnnualHowItWorksScreen,
);
const PaymentAccountSelectionScreen = lazySection(
  async () =>
    (await import('@/features/annual-plans/components/plan-screens')).PaymentAccountSelectionScreen,
);
const PaymentConfirmationScreen = lazySection(
  async () =>
    (await import('@/features/annual-plans/components/payment-screens')).PaymentConfirmationScreen,
);
const BankActionLink = lazySection(
  async () => (await import('@/features/linking/components/bank-action-link')).BankActionLink,
);
/** The annual-plan payment's way through the person's bank when the bank needs them first. */
async function paymentBankLink(subscriptionId: string) {
  const { requestPaymentBankLink } =
    await import('@/features/annual-plans/api/annual-plan-queries');
  return requestPaymentBankLink(subscriptionId);
}
/** Leads the person through their bank for an annual-plan payment that needs them there. */
function PaymentBankAction({ subscriptionId, onDone }: { subscriptionId: string; onDone(): void }) {
  return (
    <Suspense fallback={null}>
      <BankActionLink requestToken={() => paymentBankLink(subscriptionId)} onDone={onDone} />
    </Suspense>
  );
}
const AnnualCodeScreen = lazySection(
  async () => (await import('@/features/annual-plans/components/payment-screens')).AnnualCodeScreen,
);

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  // Each section is a history entry of / with the section as its state (not a route,
  // docs/architecture.md "Web"), mirrored in the address's query: a reload stays on it, Back
  // returns to the section before, and a shared link opens it.
  const setView = useCallback(
    (section: DashboardSection, options: { replace?: boolean } = {}) =>
      void navigate(dashboardTo(section), { state: section, replace: options.replace ?? false }),
    [navigate],
  );
  return <DashboardPage view={sectionFromLocation(location)} setView={setView} />;
}
Component.displayName = 'DashboardRoute';

function DashboardPage({
  view,
  setView,
}: {
  view: DashboardSection;
  setView(section: DashboardSection, options?: { replace?: boolean }): void;
}) {
  const profile = useQuery(profileQueries.info());
  const subscriptions = useQuery(subscriptionQueries.list());
  const isCancelLink = useSearchParams()[0].has('cancel');
  const areCardsPending = useHomeCardsPending();
  const { signOut, isSigningOut } = useSignOut();
  const updateSettings = useUpdateProfileSettings();
  const name = profile.data?.user_legal_name;
  const goHome = () => setView(homeSection);
  const accounts = profile.data?.linkedAccounts ?? [];
  const [chosenAccountId, setChosenAccountId] = useState<string>();
  const payable = payableAccounts(accounts);
  const accountId =
    chosenAccountId ?? (payable.find((a) => a.is_primary_payment_account) ?? payable[0])?.id;
  const subscription =
    'subscriptionId' in view && view.subscriptionId
      ? subscriptions.data?.find((s) => s.id === view.subscriptionId)
      : undefined;
  const plan = subscription ? annualPlanOf(subscription) : undefined;
  const openConversion = (subscriptionId: string) =>
    setView({ section: 'annual-conversion', subscriptionId });
  const openCode = (subscriptionId: string) => setView({ section: 'annual-code', subscriptionId });
  useSectionFocus(sectionKey(view));

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 pb-10 lg:max-w-5xl">
      <DashboardHeader
        name={name}
        isLoading={profile.isPending}
        onOpenProfile={() => setView({ section: 'profile' })}
      />
      <main className="flex-1">
        <Suspense fallback={<SectionSkeleton />}>
          {view.section === 'profile' ? (
            <ProfileSection
              onBack={goHome}
              onSignOut={() => void signOut()}
              isSigningOut={isSigningOut}
              extraCards={
                // Its own boundary: the profile stays on screen while the card's code loads.
                <Suspense fallback={null}>
                  <CalendarFeedCard />
                  <InstallAppCard />
                </Suspense>
              }
            />
          ) : view.section === 'rewards' ? (
            <RewardsSection
              onBack={goHome}
              isAutoApplyEnabled={profile.data?.profile_settings.is_auto_apply_rewards_enabled}
            />
          ) : view.section === 'annual-conversion' ? (
            <AnnualConversionScreen
              plan={plan}
              onBack={goHome}
              onContinue={() =>
                setView({ section: 'how-it-works', subscriptionId: view.subscriptionId })
              }
            />
          ) : view.section === 'how-it-works' ? (
            <AnnualHowItWorksScreen
              onBack={() => openConversion(view.subscriptionId)}
              onContinue={() =>
                setView({
                  section: 'payment-account-selection',
                  subscriptionId: view.subscriptionId,
                })
              }
            />
          ) : view.section === 'payment-account-selection' ? (
            <PaymentAccountSelectionScreen
              accounts={accounts}
              amount={plan?.annualPlanCost}
              selectedId={accountId}
              onSelect={setChosenAccountId}
              onBack={() =>
                setView({ section: 'how-it-works', subscriptionId: view.subscriptionId })
              }
              onContinue={() =>
                accountId &&
                setView({
                  section: 'payment-confirmation',
                  subscriptionId: view.subscriptionId,
                  financialAccountId: accountId,
                })
              }
            />
          ) : view.section === 'payment-confirmation' ? (
            <PaymentConfirmationScreen
              plan={plan}
              account={accounts.find((a) => a.id === view.financialAccountId)}
              otherAccounts={payableAccounts(accounts).filter(
                (a) => a.id !== view.financialAccountId,
              )}
              onBack={() =>
                setView({
                  section: 'payment-account-selection',
                  subscriptionId: view.subscriptionId,
                })
              }
              BankAction={PaymentBankAction}
              // Paid: the code replaces the confirmation, so Back cannot lead to paying again.
              onPaid={() =>
                setView(
                  { section: 'annual-code', subscriptionId: view.subscriptionId },
                  { replace: true },
                )
              }
            />
          ) : view.section === 'annual-code' ? (
            <AnnualCodeScreen
              subscriptionId={view.subscriptionId}
              serviceName={subscription?.merchant_name ?? ''}
              onBack={goHome}
            />
          ) : view.section === 'subscriptions' ? (
            <SubscriptionsSection onBack={goHome} />
          ) : view.section === 'calendar' ? (
            <CalendarSection
              onBack={goHome}
              renderBillDetail={({ subscriptionId, onClose, onCloseAutoFocus }) => (
                <SubscriptionDetailPopup
                  subscription={subscriptions.data?.find((s) => s.id === subscriptionId)}
                  onClose={onClose}
                  onCloseAutoFocus={onCloseAutoFocus}
                />
              )}
            />
          ) : view.section === 'insights' ? (
            <InsightsSection
              onBack={goHome}
              bills={subscriptions.data}
              onNegotiate={(subscriptionId) => setView({ section: 'negotiations', subscriptionId })}
            />
          ) : view.section === 'negotiations' ? (
            <NegotiationsSection
              onBack={goHome}
              isNegotiationEnabled={profile.data?.profile_settings.is_bill_negotiation_enabled}
              onEnable={() => updateSettings.mutate({ is_bill_negotiation_enabled: true })}
              isEnabling={updateSettings.isPending}
              onOpenAnnualConversion={openConversion}
              onOpenAnnualCode={openCode}
            />
          ) : (
            <DashboardHome
              firstName={firstNameOf(name)}
              linkedAccountCount={profile.data?.linkedAccounts.length ?? 0}
              hasSubscriptions={subscriptions.data ? subscriptions.data.length > 0 : undefined}
              isLoading={profile.isPending || areCardsPending}
              attention={
                <>
                  {profile.data?.is_plaid_update_mode_required && (
                    <UpdateRequiredBanner accounts={profile.data.linkedAccounts} />
                  )}
                  {(profile.data?.linkedAccounts.length ?? 0) > 0 && <OverdraftAlert />}
                </>
              }
              instantSavingsCard={
                <InstantSavingsCard onOpenOffer={openConversion} onOpenCode={openCode} />
              }
              negotiationsCard={
                <NegotiationsCard
                  onViewAll={() => setView({ section: 'negotiations' })}
                  onOpenAnnualConversion={openConversion}
                />
              }
              billsCard={<BillsCard onOpenCalendar={() => setView({ section: 'calendar' })} />}
              subscriptionsShortcut={
                <SubscriptionsShortcut
                  onOpen={() => setView({ section: 'subscriptions' })}
                  onOpenSpending={() => setView({ section: 'insights' })}
                />
              }
              rewardsCard={
                <RewardsCard
                  onOpen={() => setView({ section: 'rewards' })}
                  isAutoApplyEnabled={profile.data?.profile_settings.is_auto_apply_rewards_enabled}
                />
              }
            />
          )}
        </Suspense>
        {/* A reminder's "To cancel it" link (docs/cancellations.md). */}
        {isCancelLink && (
          <Suspense fallback={null}>
            <CancelFromLink />
          </Suspense>
        )}
      </main>
    </div>
  );
}

/** While a section's code loads: its place, quietly, and a word for screen readers. */
function SectionSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true">
      <span role="status" className="sr-only">
        Loading
      </span>
      <Skeleton className="h-9 w-32" />
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-48 w-full rounded-3xl" />
    </div>
  );
}

/** The annual plan a subscription can switch to (its merchant's, cheaper than 12 months). */
function annualPlanOf(subscription: Subscription): AnnualPlan | undefined {
  const plan = annualPlanFor({
    merchantName: subscription.merchant_name,
    merchantWebsite: subscription.merchant_website_url ?? null,
    status: subscription.status,
    monthlyPrice: subscription.normalized_monthly_amount,
  });
  return plan
    ? {
        subscriptionId: subscription.id,
        serviceName: subscription.merchant_name,
        website: subscription.merchant_website_url ?? plan.merchant.website,
        monthlyPrice: subscription.normalized_monthly_amount,
        annualPlanCost: plan.annualPlanCost,
      }
    : undefined;
}
