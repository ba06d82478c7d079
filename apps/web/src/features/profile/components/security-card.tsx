import { MailCheck, ShieldCheck } from 'lucide-react';
import type { ProfileInfo } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { PendingLabel } from '@/components/ui/pending-label';
import { EmailBadge } from './identity-card';

/** docs/profile.md, "Security": offered only for an email that exists and is not verified yet. */
function canVerifyEmail(profile: Pick<ProfileInfo, 'email' | 'is_email_verified'>) {
  return Boolean(profile.email) && !profile.is_email_verified;
}

/** The recovery email: where it stands and how to verify or add it. */
export function SecurityCard({
  profile,
  isSending,
  onVerifyEmail,
  onAddEmail,
}: {
  profile: ProfileInfo;
  isSending: boolean;
  onVerifyEmail(): void;
  onAddEmail(): void;
}) {
  return (
    <Card aria-labelledby="security-title" className="space-y-4">
      <CardTitle id="security-title">Security</CardTitle>
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium">Recovery email</p>
          {profile.email ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="truncate">{profile.email}</span>
              <EmailBadge isVerified={profile.is_email_verified} />
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              Add an email so you can get back into your account if you lose your phone.
            </p>
          )}
        </div>
      </div>
      {canVerifyEmail(profile) && (
        <Button variant="outline" className="w-full" onClick={onVerifyEmail} disabled={isSending}>
          <MailCheck aria-hidden="true" />
          <PendingLabel isPending={isSending} pendingText="Sending code…">
            Verify Email
          </PendingLabel>
        </Button>
      )}
      {!profile.email && (
        <Button variant="outline" className="w-full" onClick={onAddEmail}>
          Add email
        </Button>
      )}
    </Card>
  );
}
