/**
 * The welcome card and Billow's promises, shown while Billow is still learning about the
 * person: what it is doing for them and the one thing that helps most, linking an account.
 */
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { billowPromises, IconList } from '@/components/icon-list';

export function WelcomeCard({
  firstName,
  linkedAccountCount,
}: {
  firstName: string | undefined;
  linkedAccountCount: number;
}) {
  return (
    <Card aria-labelledby="welcome-title" className="space-y-4 bg-primary/5">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/15">
        <Search className="size-6 text-primary" aria-hidden="true" />
      </span>
      <CardTitle id="welcome-title" className="text-xl">
        {firstName ? `Welcome, ${firstName}!` : 'Welcome to Billow!'} We’re finding your
        subscriptions
      </CardTitle>
      <p className="text-muted-foreground">
        {linkedAccountCount > 0
          ? 'Billow is reading your linked accounts for recurring bills. Link another account to catch every one.'
          : 'Link the account or card your bills come out of, and Billow will find every subscription and bill in it.'}
      </p>
      <Link to="/link" className={buttonVariants()}>
        Link an account
      </Link>
    </Card>
  );
}

export function WelcomeCardSkeleton() {
  return (
    <Card className="space-y-4" aria-hidden="true">
      <Skeleton className="size-12 rounded-full" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-11 w-40 rounded-full" />
    </Card>
  );
}

export function PromiseCard() {
  return (
    <Card aria-labelledby="promise-title" className="space-y-4">
      <CardTitle id="promise-title">How Billow saves you money</CardTitle>
      <IconList items={billowPromises} />
    </Card>
  );
}
