/**
 * The funnel's loading step, entered instead of get-started when /signup is opened with navigation
 * state (docs/onboarding.md, "The signup funnel"). There is nothing to fetch for it yet, so it
 * shows a short 'Loading…' and reports done; the funnel then goes home.
 */
import { useEffect, useEffectEvent } from 'react';
import { LoaderCircle } from 'lucide-react';

const FUNNEL_LOADING_MS = 800;

export function FunnelLoadingStep({ onDone }: { onDone(): void }) {
  const done = useEffectEvent(onDone);

  useEffect(() => {
    const timer = setTimeout(() => done(), FUNNEL_LOADING_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-1 flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <LoaderCircle
        className="size-8 animate-spin text-primary motion-reduce:animate-none"
        aria-hidden="true"
      />
      <p>Loading…</p>
    </div>
  );
}
