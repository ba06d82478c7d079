/**
 * Product analytics behind one `track()` call. By default events go first-party to
 * POST /api/analytics/events in small batches; when VITE_POSTHOG_KEY is set they go to PostHog
 * instead, with the event-source property registered once. Events carry an anonymous id and never
 * personal data (phone, name, amounts tied to a person): the server refuses such properties.
 */
import { ANALYTICS_SOURCE, analyticsRouteRefs, type AnalyticsEventName } from '@billow/contracts';

type Properties = Record<string, string | number | boolean | null>;
type QueuedEvent = {
  name: AnalyticsEventName;
  anonymousId: string;
  occurredAt: string;
  path: string;
  properties?: Properties;
};

const ANONYMOUS_ID_KEY = 'billow_anonymous_id';
const FLUSH_DELAY_MS = 1000;
const MAX_BATCH = 25;

function anonymousId(): string {
  let id = localStorage.getItem(ANONYMOUS_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(ANONYMOUS_ID_KEY, id);
  }
  return id;
}

type Sink = { capture(event: QueuedEvent): void; flush(): void };

function firstPartySink(): Sink {
  let queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const events = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      // keepalive lets the last events of a page leave even as it unloads; failures are dropped.
      void fetch(analyticsRouteRefs.track.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ events }),
        keepalive: true,
      }).catch(() => undefined);
    }
  };
  return {
    capture(event) {
      queue.push(event);
      if (queue.length >= MAX_BATCH) flush();
      else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
    },
    flush,
  };
}

function postHogSink(key: string, host: string): Sink {
  const pending: QueuedEvent[] = [];
  let client: { capture(name: string, properties?: Properties): void } | undefined;
  void import('posthog-js').then(({ default: posthog }) => {
    posthog.init(key, { api_host: host, capture_pageview: false, persistence: 'localStorage' });
    posthog.register({ event_source: ANALYTICS_SOURCE });
    client = posthog;
    for (const event of pending.splice(0))
      client.capture(event.name, { ...event.properties, path: event.path });
  });
  return {
    capture(event) {
      if (client) client.capture(event.name, { ...event.properties, path: event.path });
      else pending.push(event);
    },
    flush() {},
  };
}

let sink: Sink | undefined;

function currentSink(): Sink {
  if (!sink) {
    const key = import.meta.env.VITE_POSTHOG_KEY as string | undefined;
    const host =
      (import.meta.env.VITE_POSTHOG_HOST as string | undefined) ?? 'https://us.i.posthog.com';
    sink = key ? postHogSink(key, host) : firstPartySink();
    window.addEventListener('pagehide', () => sink?.flush());
  }
  return sink;
}

/** Records an event on the page it happened on: the current one, unless `path` says otherwise. */
export function track(
  name: AnalyticsEventName,
  properties?: Properties,
  path = window.location.pathname,
): void {
  try {
    currentSink().capture({
      name,
      anonymousId: anonymousId(),
      occurredAt: new Date().toISOString(),
      path,
      ...(properties ? { properties } : {}),
    });
  } catch {
    // Analytics must never break the app.
  }
}

/** Sends what is queued now (tests, and before navigating away on purpose). */
export function flushAnalytics(): void {
  sink?.flush();
}
