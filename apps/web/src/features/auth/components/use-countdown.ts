/**
 * Whole seconds left until a moment, ticking down. It counts against the clock rather than
 * counting ticks, so a phone that throttles a background tab still shows the right time when
 * the person comes back.
 */
import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 500;

export function useCountdown(initialSeconds: number): {
  secondsLeft: number;
  restart(seconds: number): void;
} {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const isRunning = secondsLeft > 0;

  useEffect(() => {
    if (!isRunning) return;
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [isRunning]);

  const restart = useCallback((seconds: number) => {
    const start = Date.now();
    setNow(start);
    setEndsAt(start + seconds * 1000);
  }, []);

  return { secondsLeft, restart };
}
