/**
 * Step 3 of sign-in, only for someone Billow has no name for yet: their full legal name, which
 * negotiations and annual plans are made under. Saved through the profile update.
 */
import { useRef, useState, type FormEvent } from 'react';
import { authMessages, LEGAL_NAME_MAX_LENGTH, legalNameProblem } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { useFocusOnMount } from '@/lib/use-focus-on-mount';
import { useSaveLegalName } from '../api/sign-in-requests';

export function LegalNameStep({ onSaved }: { onSaved(): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const save = useSaveLegalName();
  useFocusOnMount(inputRef);

  function showError(message: string) {
    setError(message);
    inputRef.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const trimmed = name.trim();
    const problem = legalNameProblem(trimmed);
    if (problem) return showError(problem);
    setError(null);
    save.mutate(trimmed, {
      onSuccess: () => onSaved(),
      onError: () => showError(authMessages.updateLegalNameFailed),
    });
  }

  return (
    <div className="flex flex-1 flex-col gap-8 pt-6">
      <header className="space-y-3">
        <p className="text-sm font-semibold text-primary">About you</p>
        <h1 className="text-3xl font-bold tracking-tight">What’s your full legal name?</h1>
        <p className="text-lg text-muted-foreground">
          We use it when we talk to your providers for you, so it should match your bills.
        </p>
      </header>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <Field id="sign-in-legal-name" label="Full legal name" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              name="name"
              autoComplete="name"
              autoCapitalize="words"
              maxLength={LEGAL_NAME_MAX_LENGTH}
              placeholder="Jane Doe"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (error) setError(null);
              }}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={save.isPending}>
          <PendingLabel isPending={save.isPending} pendingText="Saving…">
            Continue
          </PendingLabel>
        </Button>
      </form>
    </div>
  );
}
