/**
 * A list or figure that failed to load: the message, read out as it appears, and a way to try
 * again. Cards use the compact round icon ("Retry"); sections, where there is room, a labelled
 * button.
 */
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function LoadError({
  message,
  onRetry,
  isRetrying = false,
  retryLabel,
  className,
}: {
  message: string;
  onRetry(): void;
  isRetrying?: boolean;
  /** A labelled button ('Try again'); without it, an icon button named "Retry". */
  retryLabel?: string;
  className?: string;
}) {
  const icon = <RotateCw aria-hidden="true" className={isRetrying ? 'animate-spin' : undefined} />;
  return (
    <div
      className={cn(
        'flex items-center gap-3',
        retryLabel && 'flex-col py-6 text-center',
        className,
      )}
    >
      <p role="alert" className="flex-1 text-sm text-muted-foreground">
        {message}
      </p>
      {retryLabel ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
          {icon}
          {retryLabel}
        </Button>
      ) : (
        <Button
          variant="outline"
          size="icon"
          aria-label="Retry"
          onClick={onRetry}
          disabled={isRetrying}
        >
          {icon}
        </Button>
      )}
    </div>
  );
}
