/** The frame of every annual-plan screen: the section header (a back link and the heading). */
import type { ReactNode } from 'react';
import { SectionHeader } from '@/components/section-header';

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
      <SectionHeader heading={heading} backLabel={backLabel} onBack={onBack} />
      {children}
    </div>
  );
}
