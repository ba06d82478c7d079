/**
 * The panel beside the public screens on a wide screen: what Billow does, in four lines, and a
 * picture of the bills card it builds. The screens themselves stay the phone column they are on
 * a phone; this fills the half of a desktop screen that would otherwise be empty. The picture is
 * decorative (its figures are an example, not the person's), so screen readers skip it.
 */
import { CalendarClock, Gift, PhoneCall, ScanSearch } from 'lucide-react';
import { MerchantLogo } from '@/components/merchant-logo';
import { cn } from '@/lib/cn';
import { IconList, type IconListItem } from '../icon-list';

const publicShowcaseTexts = {
  label: 'About Billow',
  headline: 'Every bill in one place, for less.',
} as const;

const whatBillowDoes: IconListItem[] = [
  { icon: ScanSearch, text: 'Finds the subscriptions and bills in your bank accounts' },
  { icon: CalendarClock, text: 'Shows what is due before it is charged' },
  { icon: PhoneCall, text: 'Calls your providers to lower your bills' },
  { icon: Gift, text: 'Rewards you toward a free subscription' },
];

const exampleBills = [
  { name: 'Netflix', website: 'netflix.com', due: 'Due in 2 days', amount: '$15.49' },
  { name: 'Verizon', website: 'verizon.com', due: 'Lowered by $20.00', amount: '$65.00' },
  { name: 'Planet Fitness', website: 'planetfitness.com', due: 'Due in 9 days', amount: '$24.99' },
];

export function PublicShowcase({ className }: { className?: string }) {
  return (
    <aside
      aria-label={publicShowcaseTexts.label}
      className={cn(
        'sticky top-0 h-dvh flex-col justify-center gap-10 overflow-hidden bg-accent px-12 py-12 text-accent-foreground xl:px-20',
        className,
      )}
    >
      <div className="max-w-md space-y-6">
        <p className="text-4xl leading-tight font-bold tracking-tight text-balance">
          {publicShowcaseTexts.headline}
        </p>
        <IconList items={whatBillowDoes} className="text-base" />
      </div>
      <div
        aria-hidden="true"
        className="w-full max-w-sm rotate-[-2deg] rounded-3xl bg-card p-5 text-card-foreground shadow-xl ring-1 ring-border"
      >
        <p className="mb-3 text-sm font-semibold">Upcoming bills</p>
        <ul className="space-y-3">
          {exampleBills.map((bill) => (
            <li key={bill.name} className="flex items-center gap-3">
              <MerchantLogo
                name={bill.name}
                website={bill.website}
                className="size-9"
                isDecorative
              />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium">{bill.name}</span>
                <span
                  className={cn(
                    'block text-xs',
                    bill.name === 'Verizon' ? 'text-success' : 'text-muted-foreground',
                  )}
                >
                  {bill.due}
                </span>
              </span>
              <span className="money text-sm font-semibold">{bill.amount}</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
