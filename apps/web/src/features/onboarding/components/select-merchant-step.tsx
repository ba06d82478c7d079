/**
 * Funnel step 2: pick one of the twelve funnel merchants (docs/onboarding.md, "The signup funnel").
 * Each logo is a toggle button (`aria-pressed`), so Tab and Space/Enter pick one; Continue waits
 * for a pick.
 */
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { funnelMerchants, type MerchantChoice } from '@billow/contracts';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { MerchantLogo } from './merchant-logo';
import { StepHeading } from './step-heading';

export function SelectMerchantStep({
  selected,
  onSelect,
  onContinue,
}: {
  selected: MerchantChoice | null;
  onSelect(merchant: MerchantChoice): void;
  onContinue(): void;
}) {
  return (
    <div className="flex flex-1 flex-col gap-6 pt-4">
      <StepHeading id="select-merchant-heading" className="text-2xl">
        Choose a bill you would like to save money on
      </StepHeading>

      <div
        role="group"
        aria-labelledby="select-merchant-heading"
        className="grid grid-cols-3 gap-3 sm:grid-cols-4"
      >
        {funnelMerchants.map((merchant) => {
          const isSelected = selected?.id === merchant.id;
          return (
            <button
              key={merchant.id}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onSelect(merchant)}
              className={cn(
                'relative flex min-h-28 flex-col items-center justify-center gap-2 rounded-2xl border bg-card p-3 text-center text-xs font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none',
                isSelected && 'border-primary bg-accent ring-2 ring-primary hover:bg-accent',
              )}
            >
              {isSelected && (
                <Check className="absolute right-2 top-2 size-4 text-primary" aria-hidden="true" />
              )}
              <MerchantLogo
                name={merchant.name}
                website={merchant.merchant_website_url}
                isDecorative
              />
              <span className="line-clamp-2 leading-tight">{merchant.name}</span>
            </button>
          );
        })}
      </div>

      <div className="mt-auto flex flex-col gap-3 lg:mt-8">
        <Button size="lg" className="w-full" disabled={!selected} onClick={onContinue}>
          Continue
        </Button>
        <Link to="/auth" className={cn(buttonVariants({ variant: 'ghost' }), 'w-full')}>
          Skip for now
        </Link>
      </div>
    </div>
  );
}
