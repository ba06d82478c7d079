/**
 * A bank's logo, drawn locally (docs/logos.md): a bank with a known domain gets a local image, any
 * other its first letter. Known banks get a mark in their brand colour with their initials — no
 * network, no third-party logo service, nothing to leak which bank someone uses. Any other bank
 * gets the tinted first letter that merchants use too.
 */
import { cn } from '@/lib/cn';
import { domainOf, firstLetterOf, letterTintOf } from '@/lib/letter-tint';

type BankMark = { initials: string; background: string; foreground: string };

/** Brand colours as the banks publish them; initials as people abbreviate them. */
const knownBanks: Record<string, BankMark> = {
  'chase.com': { initials: 'C', background: '#117aca', foreground: '#ffffff' },
  'bankofamerica.com': { initials: 'BA', background: '#012169', foreground: '#ffffff' },
  'wellsfargo.com': { initials: 'WF', background: '#d71e28', foreground: '#ffcd41' },
  'citi.com': { initials: 'citi', background: '#056dae', foreground: '#ffffff' },
  'capitalone.com': { initials: 'C1', background: '#004977', foreground: '#ffffff' },
  'usbank.com': { initials: 'US', background: '#0c2074', foreground: '#ffffff' },
  'pnc.com': { initials: 'PNC', background: '#ef7622', foreground: '#ffffff' },
  'td.com': { initials: 'TD', background: '#008a00', foreground: '#ffffff' },
  'ally.com': { initials: 'ally', background: '#650360', foreground: '#ffffff' },
  'americanexpress.com': { initials: 'AMEX', background: '#006fcf', foreground: '#ffffff' },
  'discover.com': { initials: 'D', background: '#ff6000', foreground: '#ffffff' },
  'navyfederal.org': { initials: 'NF', background: '#003b71', foreground: '#ffffff' },
};

export function knownBankMark(website: string | null | undefined): BankMark | undefined {
  if (!website) return undefined;
  const domain = domainOf(website);
  return Object.hasOwn(knownBanks, domain) ? knownBanks[domain] : undefined;
}

/** Longer initials get a smaller type size so they still fit the square. */
function fontSizeFor(initials: string): number {
  return initials.length <= 1 ? 30 : initials.length === 2 ? 24 : initials.length === 3 ? 19 : 15;
}

export function BankLogo({
  name,
  website,
  className = 'size-10',
  isDecorative = false,
}: {
  name: string;
  /** The bank's domain or website address, when known. */
  website: string | null | undefined;
  /** Sets the size (default size-10). */
  className?: string;
  /** When text next to the logo already names the bank. */
  isDecorative?: boolean;
}) {
  const label = isDecorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name };
  const mark = knownBankMark(website);

  if (!mark) {
    return (
      <span
        {...label}
        data-testid="bank-letter"
        className={cn(
          'inline-flex shrink-0 select-none items-center justify-center rounded-xl text-base font-bold',
          letterTintOf(name),
          className,
        )}
      >
        {firstLetterOf(name)}
      </span>
    );
  }

  return (
    <svg
      {...label}
      data-testid="bank-mark"
      viewBox="0 0 48 48"
      className={cn('shrink-0 rounded-xl', className)}
    >
      <rect width="48" height="48" rx="12" fill={mark.background} />
      <text
        x="24"
        y="25"
        textAnchor="middle"
        dominantBaseline="central"
        fill={mark.foreground}
        fontSize={fontSizeFor(mark.initials)}
        fontWeight={700}
        fontFamily="inherit"
        letterSpacing={mark.initials.length > 2 ? -0.5 : 0}
      >
        {mark.initials}
      </text>
    </svg>
  );
}
