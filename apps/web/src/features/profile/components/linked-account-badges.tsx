import { CircleAlert, Star } from 'lucide-react';

export function PrimaryBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">
      <Star className="size-3 fill-current" aria-hidden="true" />
      Primary
    </span>
  );
}

/** Amber: an inactive account needs the person to link it again. */
export function AccountStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <span className="inline-flex items-center rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success">
      Active
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning">
      <CircleAlert className="size-3" aria-hidden="true" />
      Inactive
    </span>
  );
}
