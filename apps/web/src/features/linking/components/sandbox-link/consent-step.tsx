import { EyeOff, Landmark, Zap } from 'lucide-react';
import { BillowMark } from '@/components/layout/billow-logo';
import { Button } from '@/components/ui/button';
import { StepFrame } from './step-frame';

const points = [
  {
    icon: Zap,
    title: 'Connect effortlessly',
    text: 'Your sandbox accounts connect in seconds. No real bank or money is involved.',
  },
  {
    icon: EyeOff,
    title: 'Your data belongs to you',
    text: 'Billow never sees your bank login, and only reads the accounts you choose.',
  },
];

/** Plaid Link's first pane: who is connecting what, and why it is safe. */
export function ConsentStep({ onContinue }: { onContinue(): void }) {
  return (
    <StepFrame
      title="Billow uses its sandbox bank to connect your accounts"
      description="A test bank that behaves like Plaid, so you can try Billow without a real account."
      footer={
        <>
          <p className="text-center text-xs text-muted-foreground">
            By selecting Continue you agree to link test accounts from the sandbox bank.
          </p>
          <Button size="lg" className="w-full" onClick={onContinue}>
            Continue
          </Button>
        </>
      }
    >
      <div className="flex items-center justify-center py-2" aria-hidden="true">
        <BillowMark className="size-14 rounded-2xl ring-4 ring-card" />
        <span className="-ml-3 inline-flex size-14 items-center justify-center rounded-2xl bg-foreground text-background ring-4 ring-card">
          <Landmark className="size-7" />
        </span>
      </div>
      <ul className="space-y-4">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </StepFrame>
  );
}
