/**
 * Changing name and email (docs/profile.md, "Identity": Update Profile is enabled only when both
 * are filled in after trimming). A changed email is unverified, so the caller is told and can start
 * the verification right away.
 */
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  LEGAL_NAME_MAX_LENGTH,
  legalNameProblem,
  profileMessages,
  type ProfileInfo,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { useUpdateProfile } from '../api/use-profile-mutations';

const invalidEmailMessage = 'Please enter a valid email address.';
const emailFormat = z.email();

export function EditProfileDialog({
  open,
  onOpenChange,
  profile,
  onSaved,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  profile: ProfileInfo;
  onSaved(saved: ProfileInfo, hasEmailChanged: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>
          Use your full legal name, as it appears on your bills.
        </DialogDescription>
        {/* Mounted only while open, so every opening starts from the saved profile. */}
        <EditProfileForm profile={profile} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: ProfileInfo;
  onSaved(saved: ProfileInfo, hasEmailChanged: boolean): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(profile.user_legal_name ?? '');
  const [email, setEmail] = useState(profile.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const isComplete = name.trim() !== '' && email.trim() !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isComplete || update.isPending) return;
    const nameProblem = legalNameProblem(name.trim());
    setNameError(nameProblem);
    if (nameProblem) return setError(null);
    const nextEmail = email.trim().toLowerCase();
    if (!emailFormat.safeParse(nextEmail).success) return setError(invalidEmailMessage);
    setError(null);
    update.mutate(
      { user_legal_name: name.trim(), email: nextEmail },
      {
        onSuccess: (saved) =>
          onSaved(saved, nextEmail !== (profile.email ?? '').trim().toLowerCase()),
        onError: () => setError(profileMessages.updateFailed),
      },
    );
  }

  return (
    <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
      <Field id="edit-profile-name" label="Full name" error={nameError}>
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            maxLength={LEGAL_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
          />
        )}
      </Field>
      {/* One message for the form, under the last field; only a malformed email is the email's fault.
          A name Billow cannot use is said under the name. */}
      <Field
        id="edit-profile-email"
        label="Email"
        error={error}
        isInvalid={error === invalidEmailMessage}
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!isComplete || update.isPending}>
          <PendingLabel isPending={update.isPending} pendingText="Saving…">
            Update Profile
          </PendingLabel>
        </Button>
      </div>
    </form>
  );
}
