import { Link } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/user-avatar';
import { firstNameOf } from '@/lib/person-name';

/**
 * The dashboard's top bar (docs/dashboard.md, "Header"): avatar and "Hi, {first name}" that open
 * the profile, the chat, and the theme toggle.
 */
export function DashboardHeader({
  name,
  isLoading,
  onOpenProfile,
}: {
  name: string | null | undefined;
  isLoading: boolean;
  onOpenProfile(): void;
}) {
  const firstName = firstNameOf(name);
  return (
    <header className="flex items-center justify-between gap-3 py-4">
      {isLoading ? (
        // As tall as the button it stands for (its py-1 included), so nothing moves when it comes.
        <div className="flex items-center gap-3 py-1" aria-hidden="true">
          <Skeleton className="size-10 rounded-full" />
          <div className="space-y-1.5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={onOpenProfile}
          className="-ml-2 flex min-w-0 items-center gap-3 rounded-full py-1 pl-2 pr-4 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <UserAvatar name={name} />
          <span className="min-w-0">
            <span className="block truncate font-semibold">
              {firstName ? `Hi, ${firstName}` : 'Hi there'}
            </span>
            <span className="block text-xs text-muted-foreground">View profile</span>
          </span>
        </button>
      )}
      <div className="flex shrink-0 items-center gap-1">
        <Link
          to="/chat"
          aria-label="Open chat"
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        >
          <MessageCircle aria-hidden="true" />
        </Link>
        <ThemeToggle />
      </div>
    </header>
  );
}
