/**
 * The funnel shows twelve merchant logos at once; warming the image cache before the grid opens
 * means they appear together instead of popping in one by one. The logo itself is the shared
 * components/merchant-logo (12-unit size here).
 */
import type { ComponentProps } from 'react';
import { logoUrlFor, MerchantLogo as SharedMerchantLogo } from '@/components/merchant-logo';

export function preloadMerchantLogos(websites: readonly string[]): void {
  for (const website of websites) {
    const url = logoUrlFor(website);
    if (url) new Image().src = url;
  }
}

export function MerchantLogo({
  className = 'size-12',
  ...props
}: ComponentProps<typeof SharedMerchantLogo>) {
  return <SharedMerchantLogo className={className} {...props} />;
}
