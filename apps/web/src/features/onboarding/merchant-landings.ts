/**
 * The two merchant landing pages (docs/onboarding.md, "Merchant landing pages") joined with their
 * merchants: the headline figure, and the merchant, website and estimate that Get Started hands to
 * /auth.
 */
import { merchantById, merchantLandings } from '@billow/contracts';

export type LandingPath = (typeof merchantLandings)[number]['path'];

type MerchantLandingInfo = {
  path: LandingPath;
  /** The analytics source: the path without its slash, e.g. 'netflix-signup'. */
  source: string;
  merchantName: string;
  merchantWebsite: string;
  headlineSavings: number;
  estimatedAmount: number;
};

const landingInfos: readonly MerchantLandingInfo[] = merchantLandings.map((landing) => {
  const merchant = merchantById.get(landing.merchantId);
  if (!merchant) throw new Error(`No merchant ${landing.merchantId} for ${landing.path}`);
  return {
    path: landing.path,
    source: landing.path.slice(1),
    merchantName: merchant.name,
    merchantWebsite: merchant.website,
    headlineSavings: landing.headlineSavings,
    estimatedAmount: landing.estimatedAmount,
  };
});

export function landingInfoFor(path: LandingPath): MerchantLandingInfo {
  return landingInfos.find((landing) => landing.path === path)!;
}

/** The landing whose merchant was carried here, if any (by name, as the state carries it). */
export function landingInfoForMerchant(
  merchantName: string | undefined,
): MerchantLandingInfo | undefined {
  if (!merchantName) return undefined;
  const wanted = merchantName.trim().toLowerCase();
  return landingInfos.find((landing) => landing.merchantName.toLowerCase() === wanted);
}
