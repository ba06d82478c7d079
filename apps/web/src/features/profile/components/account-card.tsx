/**
 * The account as a whole: a copy of its data, Sign Out (on this device) and Delete
 * Account (everywhere, for good). Deleting asks first, names what is lost, and needs an access
 * token in the session (docs/profile.md, "Account"); when the sign-in was not a moment ago, it also
 * asks for a code texted to the person's phone (docs/privacy.md).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut, Trash2 } from 'lucide-react';
import { ACCESS_TOKEN_STORAGE_KEY, profileMessages } from '@billow/contracts';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PendingLabel } from '@/components/ui/pending-label';
import { toast } from '@/components/ui/toaster';
import { useSession } from '@/lib/session/session';
import { useDeleteAccount, useSendDeleteAccountCode } from '../api/use-profile-mutations';
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
  // Null until the server asks for a texted code; then what the person typed.
  const [code, setCode] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();
  const sendCode = useSendDeleteAccountCode();
  const session = useSession();
  const navigate = useNavigate();
  const isPending = deleteAccount.isPending || sendCode.isPending;

  /** The server wants a fresh code: text one, and ask for it here. */
  function askForCode() {
    sendCode.mutate(undefined, {
      onSuccess: () => {
        setCode('');
        setError(null);
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.problem?.detail
            ? failure.problem.detail
            : profileMessages.deleteFailed,
        ),
    });
  }

  function confirmDelete() {
    if (!sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY))
      return setError(profileMessages.deleteNeedsAuth);
    if (code !== null && !code.trim()) return setError(profileMessages.deleteNeedsCode);
    setError(null);
    deleteAccount.mutate(code?.trim() || undefined, {
      onSuccess: () => {
        toast.success('Your Billow account and all its data were deleted.');
        // The account is gone, so there is no refresh token left to revoke on the server.
        session.signOut();
        void navigate('/auth', { replace: true });
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.problemCode === 'fresh-code-needed')
          return askForCode();
        setError(
          failure instanceof ApiError && failure.problemCode?.startsWith('code-')
            ? (failure.problem?.detail ?? profileMessages.deleteFailed)
            : profileMessages.deleteFailed,
        );
      },
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
            setCode(null);
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
          if (!isPending) setConfirming(open);
        }}
        title="Delete your account?"
        description="This permanently deletes your Billow account and everything in it: your profile, linked bank accounts, subscriptions, negotiations, rewards and gift cards. It can’t be undone."
        confirmLabel={deleteAccount.isPending ? 'Deleting…' : 'Delete Account'}
        isDestructive
        isPending={isPending}
        onConfirm={confirmDelete}
      >
        {code !== null && (
          <div className="mt-4 space-y-2">
            <p className="text-sm">{profileMessages.deleteNeedsCode}</p>
            <label htmlFor="delete-account-code" className="text-sm font-medium">
              Code from the text
            </label>
            <Input
              id="delete-account-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? 'delete-account-error' : undefined}
            />
          </div>
        )}
        <FieldError id="delete-account-error" message={error} className="mt-4" />
      </ConfirmDialog>
    </Card>
  );
}
