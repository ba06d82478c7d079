import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block while content loads; hidden from screen readers (the region says busy). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-muted', className)}
      {...props}
    />
  );
}
