import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BillowLogo } from './billow-logo';
import { LegalLinks } from './legal-links';
import { ThemeToggle } from './theme-toggle';

// Its own chunk: a phone never shows it, and its merchant marks and icons would be a tenth of
// /auth's first script (the budgets in scripts/bench/initial-js.mjs). A prerendered page already
// has its markup, which stays until the chunk is in.
const PublicShowcase = lazy(async () => ({
  default: (await import('./public-showcase')).PublicShowcase,
}));

/**
 * The frame of every public screen: logo home, theme toggle, a phone-width column, and the
 * privacy policy and terms at the foot. On a wide screen the column sits on the right half and a
 * panel on the left says what Billow does, rather than leaving a phone column in the middle of an
 * empty screen.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 pb-8 lg:col-start-2 lg:row-start-1 lg:max-w-lg lg:px-10">
        <header className="flex items-center justify-between py-4 lg:py-6">
          <Link
            to="/"
            className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
            aria-label="Billow home"
          >
            <BillowLogo />
          </Link>
          <ThemeToggle />
        </header>
        <main className="flex flex-1 flex-col lg:justify-center lg:py-8">{children}</main>
        <LegalLinks className="pt-8" />
      </div>
      {/* After the page in reading order; placed first on screen. */}
      <Suspense fallback={null}>
        <PublicShowcase className="hidden lg:col-start-1 lg:row-start-1 lg:flex" />
      </Suspense>
    </div>
  );
}
