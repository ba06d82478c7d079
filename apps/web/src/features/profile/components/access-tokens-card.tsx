/**
 * Personal access tokens, in the profile: make a named token to script your own data
 * through the open API, see when each was last used, and revoke one. A new token is shown once,
 * with a copy button: Billow keeps only its hash. Tokens read unless made with more: changes,
 * payments, sensitive details, each its own box.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Copy, ExternalLink, KeyRound, Trash2 } from 'lucide-react';
import {
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  accessTokenScopeTexts,
  type AccessToken,
  type AccessTokenScope,
  type CreatedAccessToken,
} from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import {
  accessTokenQueries,
  useCreateAccessToken,
  useRevokeAccessToken,
} from '../api/access-token-queries';

export const accessTokensTexts = {
  title: 'Personal access tokens',
  explainer:
    'Use a token to read your own Billow data from scripts through the API. Tokens can only read unless you allow more below.',
  docs: 'API reference',
  nameLabel: 'Token name',
  nameHint: 'What it is for, e.g. "Budget spreadsheet".',
  scopesLegend: 'What else it may do',
  create: 'Create token',
  creating: 'Creating…',
  createFailed: 'Failed to create the token. Please try again.',
  tooMany: 'You have as many tokens as you can: revoke one to create another.',
  newTokenLabel: 'Your new token',
  newTokenWarning: 'Copy this token now: you will not be able to see it again.',
  copy: 'Copy token',
  copied: 'Token copied',
  copyByHand: 'Select the token and copy it by hand.',
  done: 'Done',
  empty: 'No tokens yet.',
  loadFailed: 'Failed to load your tokens. Please try again.',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this token?',
  revokeDescription: 'Scripts using it stop working at once. This cannot be undone.',
  revokeFailed: 'Failed to revoke the token. Please try again.',
  revoked: 'Token revoked',
  neverUsed: 'Never used',
} as const;

type ExtraScope = Exclude<AccessTokenScope, 'read'>;
const EXTRA_SCOPES: readonly ExtraScope[] = ['write', 'payments', 'sensitive'];

/** Served by the API server itself (not the web app's router). */
const API_DOCS_URL = '/api/docs';

export function AccessTokensCard() {
  const tokens = useQuery(accessTokenQueries.list());
  const [created, setCreated] = useState<CreatedAccessToken>();
  const [revoking, setRevoking] = useState<AccessToken>();
  const revoke = useRevokeAccessToken();

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(undefined);
        toast.success(accessTokensTexts.revoked);
      },
      onError: () => {
        setRevoking(undefined);
        toast.error(accessTokensTexts.revokeFailed);
      },
    });
  }

  return (
    <Card aria-labelledby="access-tokens-title" className="space-y-4">
      <CardTitle id="access-tokens-title" className="flex items-center gap-2">
        <KeyRound aria-hidden="true" className="size-5 text-primary" />
        {accessTokensTexts.title}
      </CardTitle>
      <p className="text-sm text-muted-foreground">
        {accessTokensTexts.explainer}{' '}
        <a
          href={API_DOCS_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          {accessTokensTexts.docs}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </p>
      {created ? (
        <NewToken created={created} onDone={() => setCreated(undefined)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      {tokens.isError ? (
        <LoadError
          message={accessTokensTexts.loadFailed}
          onRetry={() => void tokens.refetch()}
          isRetrying={tokens.isFetching}
        />
      ) : !tokens.data ? (
        <div aria-hidden="true" className="space-y-3">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-40" />
        </div>
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{accessTokensTexts.empty}</p>
      ) : (
        <ul className="divide-y" aria-label={accessTokensTexts.title}>
          {tokens.data.map((token) => (
            <li key={token.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{token.name}</p>
                <p className="text-xs text-muted-foreground">
                  {token.scopes.join(', ')} · Created {formatLongDate(token.createdAt)} ·{' '}
                  {token.lastUsedAt
                    ? `Last used ${formatLongDate(token.lastUsedAt)}`
                    : accessTokensTexts.neverUsed}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`${accessTokensTexts.revoke} ${token.name}`}
                onClick={() => setRevoking(token)}
              >
                <Trash2 aria-hidden="true" />
                {accessTokensTexts.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title={accessTokensTexts.revokeTitle}
        description={
          <>
            <span className="font-medium">{revoking?.name}</span>:{' '}
            {accessTokensTexts.revokeDescription}
          </>
        }
        confirmLabel={accessTokensTexts.revoke}
        isDestructive
        isPending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(created: CreatedAccessToken): void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ExtraScope[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAccessToken();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || create.isPending) return;
    setError(null);
    create.mutate(
      { name: trimmed, scopes },
      {
        onSuccess: (created) => {
          setName('');
          setScopes([]);
          onCreated(created);
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.problemCode === 'too-many-access-tokens'
              ? accessTokensTexts.tooMany
              : accessTokensTexts.createFailed,
          ),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <Field
        id="access-token-name"
        label={accessTokensTexts.nameLabel}
        hint={accessTokensTexts.nameHint}
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={ACCESS_TOKEN_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{accessTokensTexts.scopesLegend}</legend>
        {EXTRA_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) =>
                setScopes((chosen) =>
                  event.target.checked
                    ? [...chosen, scope]
                    : chosen.filter((other) => other !== scope),
                )
              }
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            {accessTokenScopeTexts[scope]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={!name.trim() || create.isPending}>
        <PendingLabel isPending={create.isPending} pendingText={accessTokensTexts.creating}>
          {accessTokensTexts.create}
        </PendingLabel>
      </Button>
    </form>
  );
}

function NewToken({ created, onDone }: { created: CreatedAccessToken; onDone(): void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success(accessTokensTexts.copied);
    } catch {
      toast.info(accessTokensTexts.copyByHand);
    }
  }
  return (
    <div className="space-y-3 rounded-md border border-primary/40 bg-primary/5 p-3">
      <p role="status" className="text-sm font-medium">
        {accessTokensTexts.newTokenWarning}
      </p>
      <Input
        readOnly
        value={created.secret}
        aria-label={accessTokensTexts.newTokenLabel}
        onFocus={(event) => event.currentTarget.select()}
        className="font-mono text-xs"
      />
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {accessTokensTexts.copy}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {accessTokensTexts.done}
        </Button>
      </div>
    </div>
  );
}
