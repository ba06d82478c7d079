/**
 * The profile section of the dashboard (docs/profile.md): identity, linked
 * accounts, settings, recovery email, access tokens, feedback and leaving. It owns the dialogs that more than
 * one card opens (editing the profile leads into verifying a changed email).
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { profileMessages, type ProfileInfo } from '@billow/contracts';
import { LegalLinks } from '@/components/layout/legal-links';
import { SectionHeader } from '@/components/section-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { toast } from '@/components/ui/toaster';
import { profileQueries } from '../api/profile-queries';
import { AccessTokensCard } from './access-tokens-card';
import { AccountCard } from './account-card';
import { EditProfileDialog } from './edit-profile-dialog';
import { FeedbackCard } from './feedback-card';
import { IdentityCard } from './identity-card';
import { LinkedAccountsCard } from './linked-accounts-card';
import { ProfileSkeleton } from './profile-skeleton';
import { SecurityCard } from './security-card';
import { RemindersCard } from './reminders-card';
import { SettingsCard } from './settings-card';
import { TimeZoneCard } from './time-zone-card';
import { UpdateRequiredBanner } from './update-required-banner';
import { useEmailVerificationFlow } from './use-email-verification-flow';
import { VerifyEmailDialog } from './verify-email-dialog';

type ProfileSectionProps = {
  onBack(): void;
  onSignOut(): void;
  isSigningOut: boolean;
  /** Cards other features add to the profile (the calendar link), after the reminders. */
  extraCards?: ReactNode;
};

export function ProfileSection({
  onBack,
  onSignOut,
  isSigningOut,
  extraCards,
}: ProfileSectionProps) {
  const profile = useQuery(profileQueries.info());

  return (
    <div className="space-y-5" aria-busy={profile.isPending}>
      <SectionHeader heading="Profile" backLabel="Back to home" onBack={onBack} />
      {profile.isPending ? (
        <>
          <span className="sr-only" role="status">
            Loading your profile
          </span>
          <ProfileSkeleton />
        </>
      ) : profile.isError ? (
        <Card className="flex flex-col items-center gap-4 py-10 text-center">
          <FieldError message={profileMessages.loadFailed} />
          <Button
            variant="outline"
            onClick={() => void profile.refetch()}
            disabled={profile.isFetching}
          >
            <RotateCw
              aria-hidden="true"
              className={profile.isFetching ? 'animate-spin' : undefined}
            />
            Try Again
          </Button>
        </Card>
      ) : (
        <ProfileContent
          profile={profile.data}
          onSignOut={onSignOut}
          isSigningOut={isSigningOut}
          extraCards={extraCards}
        />
      )}
    </div>
  );
}

function ProfileContent({
  profile,
  onSignOut,
  isSigningOut,
  extraCards,
}: {
  profile: ProfileInfo;
  onSignOut(): void;
  isSigningOut: boolean;
  extraCards?: ReactNode;
}) {
  const [isEditing, setEditing] = useState(false);
  const emailFlow = useEmailVerificationFlow();

  return (
    <>
      {profile.is_plaid_update_mode_required && (
        <UpdateRequiredBanner from="profile" accounts={profile.linkedAccounts} />
      )}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <IdentityCard profile={profile} onEdit={() => setEditing(true)} />
          <LinkedAccountsCard accounts={profile.linkedAccounts} />
          <SecurityCard
            profile={profile}
            isSending={emailFlow.isSending}
            onVerifyEmail={() => emailFlow.requestCode()}
            onAddEmail={() => setEditing(true)}
          />
        </div>
        <div className="space-y-4">
          <SettingsCard values={profile.profile_settings} />
          <TimeZoneCard timeZone={profile.time_zone} />
          <RemindersCard />
          {extraCards}
          <AccessTokensCard />
          <FeedbackCard />
          <AccountCard onSignOut={onSignOut} isSigningOut={isSigningOut} />
          <LegalLinks />
        </div>
      </div>
      <EditProfileDialog
        open={isEditing}
        onOpenChange={setEditing}
        profile={profile}
        onSaved={(saved, hasEmailChanged) => {
          setEditing(false);
          toast.success('Your profile was updated');
          if (hasEmailChanged && saved.email && !saved.is_email_verified)
            emailFlow.requestCodeAfterEmailChange();
        }}
      />
      <VerifyEmailDialog
        open={emailFlow.isDialogOpen}
        onOpenChange={emailFlow.setDialogOpen}
        email={emailFlow.sentTo ?? profile.email}
        isResending={emailFlow.isSending}
        onResend={() => emailFlow.requestCode({ isResend: true })}
      />
    </>
  );
}
