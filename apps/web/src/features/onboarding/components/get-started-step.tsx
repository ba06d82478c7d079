/** Funnel step 1: the promise, social proof, and Get Started. */
import { Button } from '@/components/ui/button';
import { SavingsToast } from './savings-toast';
import { StepHeading } from './step-heading';
import { billowPromises, IconList } from '@/components/icon-list';

export function GetStartedStep({ onGetStarted }: { onGetStarted(): void }) {
  return (
    <div className="flex flex-1 flex-col gap-8 pt-4">
      <SavingsToast />
      <header className="space-y-3">
        <p className="text-sm font-semibold text-primary">Billow</p>
        <StepHeading className="text-4xl">
          Negotiate your bills. Save on every subscription.
        </StepHeading>
        <p className="text-lg text-muted-foreground">
          Billow lowers the bills you already pay and finds the subscriptions you forgot about.
        </p>
      </header>

      <IconList
        items={billowPromises}
        className="rounded-[var(--radius-card)] bg-accent p-5 text-accent-foreground"
      />

      <Button size="lg" className="mt-auto w-full lg:mt-8" onClick={onGetStarted}>
        Get Started
      </Button>
    </div>
  );
}
