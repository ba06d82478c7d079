/**
 * The social-proof pill on the get-started step: '{first name} just saved {amount} on {merchant}!',
 * drawn in turn from the fixed samples — first after 3 s, then every 10 s, each for about 3.5 s
 * (docs/onboarding.md, "The signup funnel"). It lives in the page (not the app's toaster, which is
 * for the person's own news), in a polite status region, and slides in only when motion is welcome.
 */
import { useEffect, useState } from 'react';
import { BadgeDollarSign } from 'lucide-react';
import { formatDollars } from '@billow/contracts';
import { SAVINGS_TOAST_TIMING, sampleSavings, type SampleSaving } from '../sample-savings';

export function savingsToastText({ firstName, amount, merchant }: SampleSaving): string {
  return `${firstName} just saved ${formatDollars(amount)} on ${merchant}!`;
}

type ToastState = { index: number; isVisible: boolean };

/** Which sample shows now, if any; every timer it starts is cleared when it unmounts. */
function useRotatingToast(
  count: number,
  { firstDelayMs, intervalMs, visibleMs } = SAVINGS_TOAST_TIMING,
): ToastState {
  const [state, setState] = useState<ToastState>({ index: 0, isVisible: false });

  useEffect(() => {
    if (count === 0) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (run: () => void, ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    };
    let next = 0;
    const show = () => {
      const index = next;
      next = (next + 1) % count;
      setState({ index, isVisible: true });
      later(() => setState({ index, isVisible: false }), visibleMs);
      later(show, intervalMs);
    };
    later(show, firstDelayMs);
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, [count, firstDelayMs, intervalMs, visibleMs]);

  return state;
}

export function SavingsToast({ entries = sampleSavings }: { entries?: readonly SampleSaving[] }) {
  const { index, isVisible } = useRotatingToast(entries.length);
  const entry = entries[index];
  return (
    // The region stays in the page so screen readers hear each new message as it appears.
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="flex min-h-11 justify-center"
    >
      {isVisible && entry && (
        <p
          key={index}
          className="inline-flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium shadow-sm transition duration-300 starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none"
        >
          <BadgeDollarSign className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="money">{savingsToastText(entry)}</span>
        </p>
      )}
    </div>
  );
}
