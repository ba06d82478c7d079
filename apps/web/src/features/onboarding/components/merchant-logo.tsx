/**
 * A merchant's logo. With VITE_LOGO_URL_TEMPLATE set (e.g.
 * `https://img.logo.dev/{domain}?token=pk_x`, the logo service of spec part 1 §7 keyed by
 * website domain with a public key) it loads the image, showing a skeleton meanwhile and the
 * letter avatar if it fails. Without it (the offline default) it is the letter avatar: the
 * merchant's first letter on a tint picked from the name, so a merchant keeps its colour.
 */
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** Readable tints in both themes; full class names so Tailwind keeps them. */
const letterTints = [
  'bg-teal-100 text-teal-800 dark:bg-teal-400/15 dark:text-teal-200',
  'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200',
  'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-200',
  'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  'bg-rose-100 text-rose-800 dark:bg-rose-400/15 dark:text-rose-200',
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200',
  'bg-indigo-100 text-indigo-800 dark:bg-indigo-400/15 dark:text-indigo-200',
  'bg-orange-100 text-orange-900 dark:bg-orange-400/15 dark:text-orange-200',
] as const;

/** The same name always gets the same tint. */
export function letterTintOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return letterTints[hash % letterTints.length]!;
}

/** 'https://www.netflix.com/browse' → 'netflix.com'. */
export function domainOf(website: string): string {
  return website
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/?#]/)[0]!;
}

/** The image address for a domain, or undefined when no logo service is configured. */
export function logoUrlFor(website: string): string | undefined {
  const template = import.meta.env.VITE_LOGO_URL_TEMPLATE as string | undefined;
  if (!template) return undefined;
  return template.replaceAll('{domain}', encodeURIComponent(domainOf(website)));
}

/** Warms the browser cache so a grid of logos appears at once (spec: logos preload). */
export function preloadMerchantLogos(websites: readonly string[]): void {
  for (const website of websites) {
    const url = logoUrlFor(website);
    if (url) new Image().src = url;
  }
}

const boxClass = 'relative inline-flex shrink-0 overflow-hidden rounded-xl';

export function MerchantLogo({
  name,
  website,
  className = 'size-12',
  isDecorative = false,
}: {
  name: string;
  website: string;
  /** Sets the size (default size-12). */
  className?: string;
  /** When text next to the logo already names the merchant. */
  isDecorative?: boolean;
}) {
  const src = logoUrlFor(website);
  const [loadedSrc, setLoadedSrc] = useState<string>();
  const [failedSrc, setFailedSrc] = useState<string>();

  if (!src || failedSrc === src) {
    const letter = Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';
    return (
      <span
        {...(isDecorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
        data-testid="merchant-letter"
        className={cn(
          boxClass,
          'select-none items-center justify-center text-lg font-bold',
          letterTintOf(name),
          className,
        )}
      >
        {letter}
      </span>
    );
  }

  const isLoaded = loadedSrc === src;
  return (
    <span className={cn(boxClass, 'bg-card', className)}>
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
