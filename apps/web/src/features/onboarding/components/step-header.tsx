/**
 * The row above a multi-step screen: Back (when there is a step to go back to) and where the
 * person is ("Step 2 of 4", with a segmented bar for the eye).
 */
import { ChevronLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function StepHeader({
  current,
  total,
  onBack,
}: {
  current: number;
  total: number;
  onBack?: () => void;
}) {
  return (
    <div className="flex min-h-10 items-center justify-between gap-4">
      {onBack ? (
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
          <ChevronLeft aria-hidden="true" />
          Back
        </Button>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-3">
        <p className="text-xs font-medium text-muted-foreground money">
          Step {current} of {total}
        </p>
        <div className="flex gap-1" aria-hidden="true">
          {Array.from({ length: total }, (_, index) => (
            <span
              key={index}
              className={cn(
                'h-1.5 w-5 rounded-full transition-colors motion-reduce:transition-none',
                index < current ? 'bg-primary' : 'bg-muted',
              )}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
