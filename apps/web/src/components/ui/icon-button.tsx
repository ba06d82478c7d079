import type { ComponentProps } from 'react';
import { Button } from './button';
import { Tooltip } from './tooltip';

/**
 * A button that shows only an icon: `label` names it to screen readers and, in a tooltip on hover
 * and keyboard focus, to everyone else (docs/errors.md, "Toasts and tooltips").
 */
export function IconButton({
  label,
  variant = 'outline',
  ...props
}: { label: string } & Omit<ComponentProps<typeof Button>, 'size' | 'aria-label'>) {
  return (
    <Tooltip content={label}>
      <Button variant={variant} size="icon" aria-label={label} {...props} />
    </Tooltip>
  );
}
