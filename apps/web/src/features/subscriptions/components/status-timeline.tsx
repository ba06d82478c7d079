/** How a subscription's status changed over time: each change with its date and reason. */
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongDate } from '@/lib/dates';
import { plainWords } from '@/lib/plain-words';
import { subscriptionQueries } from '../api/subscription-queries';

export const statusTimelineTexts = {
  heading: 'Status history',
  loadFailed: 'Failed to load the status history.',
} as const;

export function StatusTimeline({ subscriptionId }: { subscriptionId: string }) {
  const timeline = useQuery(subscriptionQueries.timeline(subscriptionId));
  // Nothing recorded yet (a bill found moments ago): the section waits for its first change.
  if (timeline.data?.length === 0) return null;
  return (
    <section
      aria-labelledby="status-timeline-heading"
      aria-busy={timeline.isPending}
      className="space-y-2"
    >
      <h3 id="status-timeline-heading" className="text-sm font-semibold">
        {statusTimelineTexts.heading}
      </h3>
      {timeline.isError ? (
        <LoadError
          message={statusTimelineTexts.loadFailed}
          onRetry={() => void timeline.refetch()}
          isRetrying={timeline.isFetching}
        />
      ) : !timeline.data ? (
        <div aria-hidden="true" className="space-y-2 border-l pl-4">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-40" />
        </div>
      ) : (
        <ol className="space-y-2 border-l pl-4">
          {timeline.data.map((event) => (
            <li
              key={`${event.effective_date}-${event.new_status}-${event.previous_status}`}
              className="text-sm"
            >
              <span className="font-medium first-letter:uppercase">
                {plainWords(event.new_status.toLowerCase())}
              </span>
              <span className="text-muted-foreground">
                {' '}
                · {formatLongDate(event.effective_date)}
                {event.previous_status !== 'UNKNOWN'
                  ? ` · was ${plainWords(event.previous_status.toLowerCase())}`
                  : ''}
              </span>
              {event.reason && <p className="text-xs text-muted-foreground">{event.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
