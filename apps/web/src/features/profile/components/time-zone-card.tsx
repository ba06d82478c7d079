/**
 * The profile's time zone: days until a bill and reminders count from the person's
 * own today. A native select: every platform makes it keyboard and screen-reader friendly, and
 * typing a zone's first letters jumps to it.
 */
import { useMemo } from 'react';
import { profileMessages } from '@billow/contracts';
import { Card, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { timeZoneChoices, timeZoneLabel } from '@/lib/time-zone';
import { useUpdateTimeZone } from '../api/use-profile-mutations';

export function TimeZoneCard({ timeZone }: { timeZone: string }) {
  const update = useUpdateTimeZone();
  const choices = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  return (
    <Card aria-labelledby="time-zone-title" className="space-y-3">
      <CardTitle id="time-zone-title">Time zone</CardTitle>
      <p id="time-zone-description" className="text-sm text-muted-foreground">
        Days until a bill and reminders follow this time zone.
      </p>
      <select
        aria-labelledby="time-zone-title"
        aria-describedby="time-zone-description"
        className="w-full rounded-md border bg-background px-3 py-2 text-sm"
        value={update.isPending && update.variables ? update.variables : timeZone}
        disabled={update.isPending}
        onChange={(event) =>
          void update
            .mutateAsync(event.target.value)
            .catch(() => toast.error(profileMessages.updateFailed))
        }
      >
        {choices.map((zone) => (
          <option key={zone} value={zone}>
            {timeZoneLabel(zone)}
          </option>
        ))}
      </select>
    </Card>
  );
}
