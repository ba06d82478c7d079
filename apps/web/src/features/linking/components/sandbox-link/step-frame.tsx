/**
 * The frame every sandbox Link step shares, after Plaid Link's panes: a top bar with Back and
 * Close, the step's title (the dialog's accessible name) and description, the body, and the
 * step's main action pinned at the bottom where a thumb reaches it.
 */
import { ChevronLeft, FlaskConical, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { cn } from '@/lib/cn';
import type { StepError } from './use-sandbox-link-flow';

export function StepFrame({
  title,
  description,
  onBack,
  error,
  errorId,
  footer,
  children,
  titleClassName,
}: {
  title: ReactNode;
  description: ReactNode;
  onBack?: (() => void) | undefined;
  error?: StepError | null | undefined;
  /** Lets a field point `aria-describedby` at the error. */
  errorId?: string;
  footer?: ReactNode;
  children?: ReactNode;
  titleClassName?: string;
}) {
  return (
    <div className="flex min-h-[32rem] flex-col">
      <div className="-mx-2 -mt-2 flex items-center justify-between">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            aria-label="Back"
            className="rounded-full p-2 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
        ) : (
          <span className="size-9" aria-hidden="true" />
        )}
        <span className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
          <FlaskConical className="size-3.5" aria-hidden="true" />
          Sandbox bank
        </span>
        <DialogClose
          aria-label="Close"
          className="rounded-full p-2 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogClose>
      </div>
      <div className="mt-4 space-y-2">
        <DialogTitle
          tabIndex={-1}
          data-step-title
          className={cn('pr-0 text-xl leading-snug font-bold focus:outline-none', titleClassName)}
        >
          {title}
        </DialogTitle>
        <DialogDescription className="text-sm">{description}</DialogDescription>
      </div>
      <div className="mt-5 flex flex-1 flex-col gap-4">
        {children}
        {error && (
          <div className="rounded-2xl border border-destructive/30 bg-destructive/5 p-3">
            <FieldError id={errorId} message={error.message} />
          </div>
        )}
      </div>
      {footer && <div className="mt-6 flex flex-col gap-3">{footer}</div>}
    </div>
  );
}
