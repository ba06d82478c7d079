import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { TOOLTIP } from '@billow/contracts';
import { cn } from '@/lib/cn';

/**
 * Tooltips open after 700 ms; moving between them within 300 ms skips the delay (docs/errors.md,
 * "Toasts and tooltips").
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP.delayMs}
      skipDelayDuration={TOOLTIP.skipDelayMs}
    >
      {children}
    </TooltipPrimitive.Provider>
  );
}

export function Tooltip({
  content,
  children,
  className,
  ...props
}: { content: ReactNode; children: ReactNode } & ComponentProps<typeof TooltipPrimitive.Content>) {
  // Each tooltip brings its provider (with `TOOLTIP`'s delays) rather than the app root holding
  // one: the root's would put Radix's popper into every page's first load.
  return (
    <TooltipProvider>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className={cn(
              'z-50 rounded-lg bg-foreground px-3 py-1.5 text-xs text-background shadow-md',
              className,
            )}
            {...props}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipProvider>
  );
}
