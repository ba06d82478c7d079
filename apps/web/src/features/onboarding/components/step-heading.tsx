/**
 * The heading of an onboarding step. It takes focus when the step appears, so keyboard and
 * screen-reader users land on the new step instead of at the top of the page or on a button
 * that no longer exists.
 */
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useFocusOnMount } from '@/lib/use-focus-on-mount';

export function StepHeading({
  children,
  className,
  id,
}: {
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(ref);
  return (
    <h1
      ref={ref}
      id={id}
      tabIndex={-1}
      className={cn('text-balance text-3xl font-bold tracking-tight outline-none', className)}
    >
      {children}
    </h1>
  );
}
