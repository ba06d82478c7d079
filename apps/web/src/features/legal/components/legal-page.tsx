/**
 * The frame of the privacy policy and the terms: a title, the date they were last changed, and
 * sections of plain prose. What they say is true of Billow as shipped, run by whoever hosts it
 * (docs/privacy.md keeps the same facts for maintainers).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const LEGAL_UPDATED = 'November 27, 2026';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="flex flex-col gap-6 py-2 text-sm leading-relaxed [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-foreground [&_li]:ml-5 [&_li]:list-disc [&_section]:flex [&_section]:flex-col [&_section]:gap-2 text-muted-foreground">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-foreground">{title}</h1>
        <p>Last updated {LEGAL_UPDATED}</p>
      </header>
      {children}
      <p>
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to Billow
        </Link>
      </p>
    </article>
  );
}
