import { Link } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';

/** Shown by routes whose screens have not landed yet, so no route is ever a blank page. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <PublicLayout>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 text-center">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted-foreground">This part of Billow is on its way.</p>
        <Link to="/" className="font-semibold text-primary underline underline-offset-4">
          Back to Billow
        </Link>
      </div>
    </PublicLayout>
  );
}
