/**
 * The private calendar link, in the profile: copy it into Google Calendar, Apple
 * Calendar or Outlook to see every upcoming bill there, or reset it when it went somewhere it
 * should not. The link is shown once asked for, so it can be copied by hand where the clipboard
 * is not allowed.
 */
import { useState } from 'react';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/pending-label';
import { toast } from '@/components/ui/toaster';
import { useFeedUrl, useResetFeedUrl } from '../api/calendar-queries';

const calendarFeedTexts = {
  title: 'Calendar link',
  explainer:
    'Add your upcoming bills to Google Calendar, Apple Calendar or Outlook. Anyone with this link can see your bills, so keep it to yourself.',
  copy: 'Copy calendar link',
  copying: 'Getting your link…',
  reset: 'Reset link',
  copied: 'Calendar link copied',
  copyByHand: 'Copy this link into your calendar app.',
  linkLabel: 'Your calendar link',
  resetTitle: 'Reset your calendar link?',
  resetDescription:
    'Calendars subscribed with the current link stop getting your bills. You will get a new link to add again.',
  resetConfirm: 'Reset link',
  resetDone: 'New calendar link copied. The old one no longer works.',
  failed: 'Failed to get your calendar link. Please try again.',
  resetFailed: 'Failed to reset your calendar link. Please try again.',
} as const;

async function copied(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

export function CalendarFeedCard() {
  const feedUrl = useFeedUrl();
  const resetFeedUrl = useResetFeedUrl();
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const [isConfirming, setConfirming] = useState(false);

  async function show(next: string, copiedText: string) {
    setUrl(next);
    if (await copied(next)) toast.success(copiedText);
    else toast.info(calendarFeedTexts.copyByHand);
  }

  function copy() {
    setError(undefined);
    feedUrl.mutate(undefined, {
      onSuccess: ({ url: next }) => void show(next, calendarFeedTexts.copied),
      onError: () => setError(calendarFeedTexts.failed),
    });
  }

  function reset() {
    setError(undefined);
    resetFeedUrl.mutate(undefined, {
      onSuccess: ({ url: next }) => {
        setConfirming(false);
        void show(next, calendarFeedTexts.resetDone);
      },
      onError: () => {
        setConfirming(false);
        setError(calendarFeedTexts.resetFailed);
      },
    });
  }

  return (
    <Card aria-labelledby="calendar-feed-title" className="space-y-4">
      <CardTitle id="calendar-feed-title" className="flex items-center gap-2">
        <CalendarPlus aria-hidden="true" className="size-5 text-primary" />
        {calendarFeedTexts.title}
      </CardTitle>
      <p className="text-sm text-muted-foreground">{calendarFeedTexts.explainer}</p>
      {url && (
        <Input
          readOnly
          value={url}
          aria-label={calendarFeedTexts.linkLabel}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
      )}
      {error && <FieldError message={error} />}
      <div className="flex flex-wrap gap-3">
        <Button onClick={copy} disabled={feedUrl.isPending}>
          {!feedUrl.isPending && <Copy aria-hidden="true" />}
          <PendingLabel isPending={feedUrl.isPending} pendingText={calendarFeedTexts.copying}>
            {calendarFeedTexts.copy}
          </PendingLabel>
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden="true" />
          {calendarFeedTexts.reset}
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={calendarFeedTexts.resetTitle}
        description={calendarFeedTexts.resetDescription}
        confirmLabel={calendarFeedTexts.resetConfirm}
        isDestructive
        isPending={resetFeedUrl.isPending}
        onConfirm={reset}
      />
    </Card>
  );
}
