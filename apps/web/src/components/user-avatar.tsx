import { UserRound } from 'lucide-react';
import { initialsOf } from '@/lib/person-name';
import { cn } from '@/lib/cn';

/**
 * A round avatar with the person's initials, or a person icon before they have a name. It is
 * decorative: whatever it sits in (the greeting, the identity card) names the person.
 */
export function UserAvatar({
  name,
  className,
}: {
  name: string | null | undefined;
  className?: string;
}) {
  const initials = initialsOf(name);
  return (
    <span
      aria-hidden="true"
      data-testid="user-avatar"
      className={cn(
        'inline-flex size-10 shrink-0 select-none items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary',
        className,
      )}
    >
      {initials || <UserRound className="size-5" />}
    </span>
  );
}
