import { Link } from 'react-router';
import { appMessages } from '@billow/contracts';
import { PublicLayout } from '@/components/layout/public-layout';
import { buttonVariants } from '@/components/ui/button';

export function NotFoundRoute() {
  return (
    <PublicLayout>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
        <p className="text-6xl font-bold text-primary money" aria-hidden="true">
          404
        </p>
        <h1 className="text-2xl font-semibold">{appMessages.notFound}</h1>
        <p className="text-muted-foreground">The page you were looking for isn’t here.</p>
        <Link to="/" className={buttonVariants()}>
          Go home
        </Link>
      </div>
    </PublicLayout>
  );
}
