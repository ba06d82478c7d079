import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * The message under a field or a form. `role="alert"` makes screen readers say it the moment it
 * appears; point the field's `aria-describedby` at `id` so it is read again on focus.
 */
export function FieldError({
  id,
  message,
  className,
}: {
  id?: string;
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn('flex gap-2 text-sm text-destructive', className)}>
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
