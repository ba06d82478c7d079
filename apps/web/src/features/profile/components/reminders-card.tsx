/**
 * When and how reminders arrive: the days before a bill (or a trial's end) to remind, quiet hours,
 * email reminders, and web push on this browser with a test notification. Texts follow the
 * "Subscription notifications" setting above.
 */
import { useQuery } from '@tanstack/react-query';
import {
  EMAIL_REMINDERS_NEED_EMAIL_MESSAGE,
  type ReminderPreferencesUpdate,
} from '@billow/contracts';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toaster';
import { profileQueries } from '../api/profile-queries';
import {
  describePushSetupError,
  reminderQueries,
  useEnablePush,
  useSendTestPush,
  useUpdateReminderPreferences,
} from '../api/reminder-queries';

const OFFSETS = [
  { days: 7, label: 'A week before' },
  { days: 3, label: '3 days before' },
  { days: 1, label: 'The day before' },
  { days: 0, label: 'On the day' },
];

const hourLabel = (hour: number) =>
  new Date(Date.UTC(2000, 0, 1, hour)).toLocaleTimeString('en-US', {
    hour: 'numeric',
    timeZone: 'UTC',
  });

export const remindersCardTexts = {
  title: 'Reminders',
  loadFailed: 'Failed to load your reminder settings. Please try again.',
  saveFailed: 'Failed to save your reminder settings. Please try again.',
} as const;

export function RemindersCard() {
  const preferences = useQuery(reminderQueries.preferences());
  const profile = useQuery(profileQueries.info());
  const push = useQuery(reminderQueries.push());
  const update = useUpdateReminderPreferences();
  const enablePush = useEnablePush();
  const testPush = useSendTestPush();

  if (!preferences.data) {
    return (
      <Card
        aria-labelledby="reminders-title"
        aria-busy={preferences.isPending}
        className="space-y-4"
      >
        <CardTitle id="reminders-title">{remindersCardTexts.title}</CardTitle>
        {preferences.isError ? (
          <LoadError
            message={remindersCardTexts.loadFailed}
            onRetry={() => void preferences.refetch()}
            isRetrying={preferences.isFetching}
          />
        ) : (
          <div aria-hidden="true" className="space-y-3">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-4 w-52" />
          </div>
        )}
      </Card>
    );
  }
  // The zone is the profile's (its time zone card): reminders only read it.
  const { timeZone: _profileZone, ...values } = preferences.data;
  // Email reminders go only to a verified address; until there is one they are off (the server
  // refuses turning them on, and skips an address that stopped being verified).
  const hasVerifiedEmail = Boolean(profile.data?.email && profile.data.is_email_verified);
  const save = (change: Partial<ReminderPreferencesUpdate>) =>
    update
      .mutateAsync({ ...values, ...change })
      .catch(() => toast.error(remindersCardTexts.saveFailed));

  return (
    <Card aria-labelledby="reminders-title" className="space-y-4">
      <CardTitle id="reminders-title">{remindersCardTexts.title}</CardTitle>
      <fieldset className="space-y-2">
        <legend className="font-medium">Remind me before a bill</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {OFFSETS.map(({ days, label }) => {
            const isOn = values.offsetsDays.includes(days);
            const isLast = isOn && values.offsetsDays.length === 1;
            return (
              <label key={days} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={isOn}
                  disabled={isLast || update.isPending}
                  onChange={() =>
                    void save({
                      offsetsDays: isOn
                        ? values.offsetsDays.filter((d) => d !== days)
                        : [...values.offsetsDays, days],
                    })
                  }
                />
                {label}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-medium">Quiet hours</span>
        <label className="flex items-center gap-2">
          from
          <select
            aria-label="Quiet hours start"
            className="rounded-md border bg-background px-2 py-1"
            value={values.quietHoursStart}
            onChange={(e) => void save({ quietHoursStart: Number(e.target.value) })}
          >
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h} disabled={h === values.quietHoursEnd}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          to
          <select
            aria-label="Quiet hours end"
            className="rounded-md border bg-background px-2 py-1"
            value={values.quietHoursEnd}
            onChange={(e) => void save({ quietHoursEnd: Number(e.target.value) })}
          >
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h} disabled={h === values.quietHoursStart}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex items-start gap-4">
        <div className="flex-1 space-y-0.5">
          <label htmlFor="reminders-email" className="font-medium">
            Email reminders
          </label>
          <p id="reminders-email-description" className="text-sm text-muted-foreground">
            {hasVerifiedEmail
              ? 'Sent to your verified email, one digest a day.'
              : EMAIL_REMINDERS_NEED_EMAIL_MESSAGE}
          </p>
        </div>
        <Switch
          id="reminders-email"
          checked={values.isEmailEnabled && hasVerifiedEmail}
          disabled={!hasVerifiedEmail}
          onCheckedChange={(checked) => void save({ isEmailEnabled: checked })}
          aria-describedby="reminders-email-description"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {push.data?.subscribed ? (
          <>
            <span className="text-sm">Browser notifications are on.</span>
            <Button
              variant="outline"
              size="sm"
              disabled={testPush.isPending}
              onClick={() =>
                void testPush
                  .mutateAsync()
                  .then(() => toast.success('Test notification sent.'))
                  .catch(() => toast.error('Failed to send a test notification.'))
              }
            >
              Send a test notification
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={!push.data || enablePush.isPending}
            onClick={() =>
              void enablePush
                .mutateAsync(push.data!.publicKey)
                .then(() => toast.success('Browser notifications are on.'))
                .catch((error: unknown) => toast.error(describePushSetupError(error)))
            }
          >
            Turn on browser notifications
          </Button>
        )}
      </div>
    </Card>
  );
}
