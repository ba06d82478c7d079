import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BillowLogo } from './billow-logo';
import { LegalLinks } from './legal-links';
import { ThemeToggle } from './theme-toggle';

/**
 * The frame of every public screen: logo home, theme toggle, a phone-width column, and the
 * privacy policy and terms at the foot.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 pb-8">
      <header className="flex items-center justify-between py-4">
        <Link
          to="/"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
          aria-label="Billow home"
        >
          <BillowLogo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
      <LegalLinks className="pt-8" />
    </div>
  );
}
