/**
 * The top of every dashboard section: the way back home, then the section's heading, which
 * `useSectionFocus` moves focus to when the section opens (#section-heading).
 */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function SectionHeader({
  heading,
  backLabel,
  onBack,
}: {
  heading: ReactNode;
  backLabel: string;
  onBack(): void;
}) {
  return (
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
  );
}
