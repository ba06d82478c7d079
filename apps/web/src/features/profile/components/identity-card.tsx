import { BadgeCheck, CircleAlert, Mail, Pencil, Phone } from 'lucide-react';
import { formatPhoneNumber, type ProfileInfo } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { UserAvatar } from '@/components/user-avatar';

export function EmailBadge({ isVerified }: { isVerified: boolean }) {
  return isVerified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning">
      <CircleAlert className="size-3.5" aria-hidden="true" />
      Unverified
    </span>
  );
}

/** Who the person is to Billow: name, phone and email, with the way to change them. */
export function IdentityCard({ profile, onEdit }: { profile: ProfileInfo; onEdit(): void }) {
  return (
    <Card aria-labelledby="profile-identity-title" className="space-y-5">
      <div className="flex items-center gap-4">
        <UserAvatar name={profile.user_legal_name} className="size-14 text-lg" />
        <div className="min-w-0">
          <h2 id="profile-identity-title" className="truncate text-lg font-semibold">
            {profile.user_legal_name ?? 'Add your name'}
          </h2>
          <p className="text-sm text-muted-foreground">Billow member</p>
        </div>
      </div>
      <dl className="space-y-3 text-sm">
        <div className="flex items-center gap-3">
          <dt className="text-muted-foreground">
            <Phone className="size-4" aria-hidden="true" />
            <span className="sr-only">Phone</span>
          </dt>
          <dd className="money">{formatPhoneNumber(profile.phone_number)}</dd>
        </div>
        <div className="flex items-center gap-3">
          <dt className="text-muted-foreground">
            <Mail className="size-4" aria-hidden="true" />
            <span className="sr-only">Email</span>
          </dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-2">
            {profile.email ? (
              <>
                <span className="truncate">{profile.email}</span>
                <EmailBadge isVerified={profile.is_email_verified} />
              </>
            ) : (
              <span className="text-muted-foreground">No email yet</span>
            )}
          </dd>
        </div>
      </dl>
      <Button variant="outline" className="w-full" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit Profile
      </Button>
    </Card>
  );
}
