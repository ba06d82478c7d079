/** The frame of every annual-plan screen: a back link and the screen's heading. */
import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function FlowScreen({
  heading,
  backLabel = 'Back',
  onBack,
  children,
}: {
  heading: string;
  backLabel?: string;
  onBack(): void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-5">
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
        <h1
          id="section-heading"
          tabIndex={-1}
          className="mt-2 text-2xl font-bold tracking-tight focus:outline-none"
        >
          {heading}
        </h1>
      </div>
      {children}
    </div>
  );
}
