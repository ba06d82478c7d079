/**
 * The picture on /account-linking-info (docs/onboarding.md, "Before linking"): banks and cards on
 * the left flow into Billow in the middle, which then saves on merchants on the right (-$85, -$45,
 * -$20, -$60). Drawn with HTML and icons so it follows the theme; screen readers get one sentence
 * instead.
 */
import { ArrowRight, CreditCard, Landmark, WalletCards } from 'lucide-react';
import { BillowMark } from '@/components/layout/billow-logo';
import { MerchantLogo } from './merchant-logo';

const sources = [
  { icon: Landmark, label: 'Bank' },
  { icon: CreditCard, label: 'Credit card' },
  { icon: WalletCards, label: 'Debit card' },
];

const diagramSavings = [
  { merchant: 'Xfinity', website: 'xfinity.com', saving: 85 },
  { merchant: 'Verizon', website: 'verizon.com', saving: 45 },
  { merchant: 'Netflix', website: 'netflix.com', saving: 20 },
  { merchant: 'Planet Fitness', website: 'planetfitness.com', saving: 60 },
] as const;

const description =
  'Your bank accounts, credit cards and debit cards connect to Billow, which finds your bills and saves you money: ' +
  diagramSavings.map(({ merchant, saving }) => `$${saving} on ${merchant}`).join(', ') +
  '.';

export function LinkingDiagram() {
  return (
    <div
      role="img"
      aria-label={description}
      className="flex items-center justify-between gap-2 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-col gap-2">
        {sources.map(({ icon: Icon, label }) => (
          <span
            key={label}
            className="inline-flex size-10 items-center justify-center rounded-xl bg-muted text-muted-foreground"
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
        ))}
      </div>

      <Flow />
      <BillowMark className="size-14 shrink-0 drop-shadow-sm" />
      <Flow />

      <ul className="flex flex-col gap-1.5">
        {diagramSavings.map(({ merchant, website, saving }) => (
          <li key={merchant} className="flex items-center gap-2">
            <MerchantLogo
              name={merchant}
              website={website}
              className="size-7 rounded-lg text-xs"
              isDecorative
            />
            <span className="text-sm font-semibold text-primary money">-${saving}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A dashed line with an arrow head: money data moving right. */
function Flow() {
  return (
    <span className="flex flex-1 items-center text-primary/70" aria-hidden="true">
      <span className="h-0 flex-1 border-t-2 border-dashed border-current" />
      <ArrowRight className="-ml-1 size-4 shrink-0" />
    </span>
  );
}
