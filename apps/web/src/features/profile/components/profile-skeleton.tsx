import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The profile's cards in outline while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton() {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <Card className="space-y-5">
          <div className="flex items-center gap-4">
            <Skeleton className="size-14 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-24" />
            </div>
          </div>
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-52" />
          <Skeleton className="h-11 w-full rounded-full" />
        </Card>
        <Card className="space-y-4">
          <Skeleton className="h-5 w-36" />
          <Skeleton className="h-24 w-full" />
        </Card>
      </div>
      <div className="space-y-4">
        <Card className="space-y-4">
          <Skeleton className="h-5 w-24" />
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="flex items-center gap-4">
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-56" />
              </div>
              <Skeleton className="h-7 w-12 rounded-full" />
            </div>
          ))}
        </Card>
      </div>
    </div>
  );
}
