/**
 * The account as a whole: a copy of its data (issue 20), Sign Out (on this device) and Delete
 * Account (everywhere, for good). Deleting asks first, names what is lost, and needs an access
 * token in the session (spec part 1 §5).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut, Trash2 } from 'lucide-react';
import { ACCESS_TOKEN_STORAGE_KEY, profileMessages } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PendingLabel } from '@/components/ui/pending-label';
import { toast } from '@/components/ui/toaster';
import { useSession } from '@/lib/session/session';
import { useDeleteAccount } from '../api/use-profile-mutations';
import { DownloadDataButton } from './download-data-button';

export function AccountCard({
  onSignOut,
  isSigningOut,
}: {
  onSignOut(): void;
  isSigningOut: boolean;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();
  const session = useSession();
  const navigate = useNavigate();

  function confirmDelete() {
    if (!sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY))
      return setError(profileMessages.deleteNeedsAuth);
    setError(null);
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        toast.success('Your Billow account and all its data were deleted.');
        // The account is gone, so there is no refresh token left to revoke on the server.
        session.signOut();
        void navigate('/auth', { replace: true });
      },
      onError: () => setError(profileMessages.deleteFailed),
    });
  }

  return (
    <Card aria-labelledby="account-title" className="space-y-4">
      <CardTitle id="account-title">Account</CardTitle>
      <DownloadDataButton />
      <div className="flex flex-col gap-3">
        <Button variant="outline" onClick={onSignOut} disabled={isSigningOut}>
          <LogOut aria-hidden="true" />
          <PendingLabel isPending={isSigningOut} pendingText="Signing out…">
            Sign Out
          </PendingLabel>
        </Button>
        <Button
          variant="ghost"
          className="text-destructive hover:bg-destructive/10"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          <Trash2 aria-hidden="true" />
          Delete Account
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (!deleteAccount.isPending) setConfirming(open);
        }}
        title="Delete your account?"
        description="This permanently deletes your Billow account and everything in it: your profile, linked bank accounts, subscriptions, negotiations, rewards and gift cards. It can’t be undone."
        confirmLabel={deleteAccount.isPending ? 'Deleting…' : 'Delete Account'}
        isDestructive
        isPending={deleteAccount.isPending}
        onConfirm={confirmDelete}
      >
        <FieldError message={error} className="mt-4" />
      </ConfirmDialog>
    </Card>
  );
}
