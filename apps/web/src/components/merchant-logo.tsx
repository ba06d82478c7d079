/**
 * A merchant's logo for every feature that lists merchants (bills, subscriptions, offers). With
 * VITE_LOGO_URL_TEMPLATE set (e.g. `https://img.logo.dev/{domain}?token=pk_x`, the logo service
 * described in docs/logos.md, keyed by website with a public token) it loads the image, with a skeleton
 * meanwhile and the letter avatar if it fails. Without a template or a website (the offline
 * default) it is Billow's own mark for a catalogue merchant (lib/merchant-marks.ts): the brand's
 * mark on its colour where Billow ships one (served from /logos/, docs/logos.md), drawn over a
 * monogram in that colour that shows while it loads and if it cannot; else the letter avatar:
 * the merchant's first letter on a tint picked from the name, so a merchant keeps its colour
 * from screen to screen.
 */
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { domainOf, firstLetterOf, letterTintOf } from '@/lib/letter-tint';
import { merchantMarkOf } from '@/lib/merchant-marks';

/** The image address for a website, or undefined without a logo service or a website. */
export function logoUrlFor(website: string | null | undefined): string | undefined {
  const template = import.meta.env.VITE_LOGO_URL_TEMPLATE as string | undefined;
  if (!template || !website?.trim()) return undefined;
  return template.replaceAll('{domain}', encodeURIComponent(domainOf(website)));
}

const boxClass = 'relative inline-flex shrink-0 overflow-hidden rounded-xl';

export function MerchantLogo({
  name,
  website,
  className = 'size-11',
  isDecorative = false,
}: {
  name: string;
  website?: string | null;
  /** Sets the size (default size-11). */
  className?: string;
  /** When text next to the logo already names the merchant. */
  isDecorative?: boolean;
}) {
  const src = logoUrlFor(website);
  const [loadedSrc, setLoadedSrc] = useState<string>();
  const [failedSrc, setFailedSrc] = useState<string>();
  const [failedIcon, setFailedIcon] = useState<string>();

  if (!src || failedSrc === src) {
    const mark = merchantMarkOf(website);
    if (mark) {
      return (
        <span
          {...(isDecorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
          data-testid="merchant-letter"
          data-mark="brand"
          // A hairline keeps a black or white mark's edge visible on a card of its own colour.
          className={cn(boxClass, 'select-none ring-1 ring-foreground/10', className)}
        >
          <svg viewBox="0 0 40 40" className="size-full" aria-hidden="true">
            <rect width="40" height="40" fill={mark.background} />
            <text
              x="20"
              y="21"
              textAnchor="middle"
              dominantBaseline="central"
              fill={mark.foreground}
              fontWeight="700"
              fontSize={mark.letters.length > 2 ? 12 : mark.letters.length === 2 ? 15 : 19}
              fontFamily="inherit"
            >
              {mark.letters}
            </text>
          </svg>
          {mark.icon && failedIcon !== mark.icon && (
            <img
              src={mark.icon}
              alt=""
              loading="lazy"
              decoding="async"
              data-testid="merchant-mark"
              className="absolute inset-0 size-full"
              onError={() => setFailedIcon(mark.icon)}
            />
          )}
        </span>
      );
    }
    return (
      <span
        {...(isDecorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
        data-testid="merchant-letter"
        className={cn(
          boxClass,
          'select-none items-center justify-center text-base font-bold',
          letterTintOf(name),
          className,
        )}
      >
        {firstLetterOf(name)}
      </span>
    );
  }

  const isLoaded = loadedSrc === src;
  return (
    <span className={cn(boxClass, 'border bg-card', className)}>
      {!isLoaded && <Skeleton className="absolute inset-0 rounded-none" />}
      <img
        src={src}
        alt={isDecorative ? '' : name}
        loading="lazy"
        decoding="async"
        className={cn(
          'size-full object-contain transition-opacity motion-reduce:transition-none',
          isLoaded ? 'opacity-100' : 'opacity-0',
        )}
        onLoad={() => setLoadedSrc(src)}
        onError={() => setFailedSrc(src)}
      />
    </span>
  );
}
