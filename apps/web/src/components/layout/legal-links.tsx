import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** The privacy policy and the terms, as a quiet line of links (public pages, profile). */
export function LegalLinks({ className }: { className?: string }) {
  const link =
    'rounded underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring';
  return (
    <nav
      aria-label="Legal"
      className={cn('flex justify-center gap-4 text-xs text-muted-foreground', className)}
    >
      <Link to="/privacy" className={link}>
        Privacy
      </Link>
      <Link to="/terms" className={link}>
        Terms
      </Link>
    </nav>
  );
}
