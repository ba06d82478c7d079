/**
 * Funnel step 4: a 3-second reveal (docs/onboarding.md, "Funnel savings") and then what Billow
 * could save — a year of 20% of the estimate, or a generic 20% when the estimate gives nothing to
 * multiply. The result arrives in a polite live region and its heading takes focus.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { PiggyBank } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { estimateFunnelSavings, FUNNEL_PERIOD_LABEL } from '../funnel-savings';
import { formatDollars } from '@billow/contracts';
import { StepHeading } from './step-heading';

export const SAVINGS_REVEAL_MS = 3000;

export function BillSavingsStep({
  merchantName,
  estimatedAmount,
  onRevealed,
  onSignUp,
}: {
  merchantName: string;
  estimatedAmount: number;
  onRevealed(): void;
  onSignUp(): void;
}) {
  const [isRevealed, setIsRevealed] = useState(false);
  const reveal = useEffectEvent(() => {
    setIsRevealed(true);
    onRevealed();
  });

  useEffect(() => {
    const timer = setTimeout(() => reveal(), SAVINGS_REVEAL_MS);
    return () => clearTimeout(timer);
  }, []);

  const savings = estimateFunnelSavings(estimatedAmount);

  return (
    <div className="flex flex-1 flex-col gap-6 pt-4" aria-live="polite" aria-busy={!isRevealed}>
      {!isRevealed ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-8 text-center">
          <StepHeading className="text-2xl">
            Let&apos;s see how much Billow can save you
          </StepHeading>
          <RevealAnimation />
        </div>
      ) : (
        <>
          <StepHeading className="text-2xl">Here&apos;s what Billow could save you</StepHeading>
          <section className="rounded-[var(--radius-card)] border bg-card p-6 text-center shadow-sm">
            <PiggyBank className="mx-auto size-10 text-primary" aria-hidden="true" />
            {savings.kind === 'annual' ? (
              <>
                <p className="mt-4 text-sm text-muted-foreground">
                  Estimated savings on {merchantName}
                </p>
                <p className="mt-1 text-5xl font-bold tracking-tight text-primary money">
                  {formatDollars(savings.annualSavings)}
                </p>
                <p className="mt-2 text-sm font-medium text-muted-foreground">
                  {FUNNEL_PERIOD_LABEL}
                </p>
              </>
            ) : (
              <>
                <p className="mt-4 text-sm text-muted-foreground">People like you save around</p>
                <p className="mt-1 text-5xl font-bold tracking-tight text-primary money">
                  {savings.percent}%
                </p>
                <p className="mt-2 text-sm font-medium text-muted-foreground">
                  on their {merchantName} bill
                </p>
              </>
            )}
          </section>
          <p className="text-sm text-muted-foreground">
            Billow’s AI negotiates for you. It’s free, and you keep all the savings.
          </p>
          <Button size="lg" className="mt-auto w-full lg:mt-8" onClick={onSignUp}>
            Sign up to save
          </Button>
        </>
      )}
    </div>
  );
}

/** Three bars rising in turn; still bars when the person prefers less motion. */
function RevealAnimation() {
  return (
    <div className="flex h-24 items-end gap-3" aria-hidden="true">
      {[0, 150, 300].map((delay, index) => (
        <span
          key={delay}
          className="w-6 animate-pulse rounded-t-lg bg-primary motion-reduce:animate-none"
          style={{ height: `${40 + index * 25}%`, animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
}
