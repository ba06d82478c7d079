import { Landmark } from 'lucide-react';
import { BillowMark } from '@/components/layout/billow-logo';

/** Billow and "your bank", joined: what linking does, in one picture. Decorative. */
export function LinkLogoPair() {
  return (
    <div className="flex items-center justify-center gap-3" aria-hidden="true">
      <BillowMark className="size-16 drop-shadow-sm" />
      <span className="flex items-center gap-1.5">
        {[0, 1, 2].map((dot) => (
          <span
            key={dot}
            className="size-1.5 rounded-full bg-primary/60 motion-safe:animate-pulse"
            style={{ animationDelay: `${dot * 200}ms` }}
          />
        ))}
      </span>
      <span className="inline-flex size-16 items-center justify-center rounded-2xl border bg-card shadow-sm">
        <Landmark className="size-8 text-foreground" />
      </span>
    </div>
  );
}
