/** Funnel step 1: the promise, social proof, and Get Started. */
import { BadgeCheck, HandCoins, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SavingsToast } from './savings-toast';
import { StepHeading } from './step-heading';

const promises = [
  { icon: Sparkles, text: 'Our AI negotiates your bills for you' },
  { icon: HandCoins, text: 'It’s free, and you keep all the savings' },
  { icon: BadgeCheck, text: 'Same or better service at a lower price' },
];

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

      <ul className="space-y-3 rounded-[var(--radius-card)] bg-accent p-5 text-sm text-accent-foreground">
        {promises.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>

      <Button size="lg" className="mt-auto w-full" onClick={onGetStarted}>
        Get Started
      </Button>
    </div>
  );
}
