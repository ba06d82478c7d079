/**
 * Billow's own marks for the merchants its catalogue knows, shown when no logo service is
 * configured (the offline default): a monogram in the merchant's brand colour and, where the
 * Simple Icons set (CC0) has the brand, its mark on that colour, served by Billow itself from
 * /logos/ (written by build/merchant-icons.ts; docs/logos.md). Keyed by bare domain, as logos are.
 */
import { domainOf } from './letter-tint';

type MerchantMark = {
  background: string;
  foreground: string;
  letters: string;
  /** The address of the brand's mark on its colour, when Billow ships one. */
  icon?: string;
};

/** Where Billow serves a merchant's mark (public/logos/). */
const iconPathOf = (domain: string) => `/logos/${domain}.svg`;

const WHITE = '#ffffff';
const INK = '#111111';

// [domain, background, foreground, letters, Simple Icons slug when the set has the brand]
// prettier-ignore
export const marks: readonly (readonly [string, string, string, string, string?])[] = [
  ['netflix.com', '#e50914', WHITE, 'N', 'netflix'],
  ['hulu.com', '#1ce783', INK, 'H'],
  ['disneyplus.com', '#113ccf', WHITE, 'D+'],
  ['max.com', '#002be7', WHITE, 'M', 'hbomax'],
  ['paramountplus.com', '#0064ff', WHITE, 'P+', 'paramountplus'],
  ['peacocktv.com', '#000000', WHITE, 'P'],
  ['youtube.com', '#ff0000', WHITE, 'YT', 'youtube'],
  ['amazon.com', '#232f3e', '#ff9900', 'a'],
  ['sling.com', '#0a76f1', WHITE, 'S'],
  ['fubo.tv', '#e2231a', WHITE, 'F', 'fubo'],
  ['espn.com', '#d00000', WHITE, 'E+'],
  ['crunchyroll.com', '#f47521', WHITE, 'C', 'crunchyroll'],
  ['directv.com', '#00a6d6', WHITE, 'D'],
  ['spotify.com', '#1db954', INK, 'S', 'spotify'],
  ['pandora.com', '#224099', WHITE, 'P', 'pandora'],
  ['siriusxm.com', '#0000eb', WHITE, 'SXM'],
  ['tidal.com', '#000000', WHITE, 'T', 'tidal'],
  ['audible.com', '#f8991c', INK, 'A', 'audible'],
  ['apple.com', '#1d1d1f', WHITE, 'A', 'apple'],
  ['icloud.com', '#3693f3', WHITE, 'iC', 'icloud'],
  ['one.google.com', '#4285f4', WHITE, 'G', 'google'],
  ['fi.google.com', '#4285f4', WHITE, 'Fi'],
  ['dropbox.com', '#0061ff', WHITE, 'D', 'dropbox'],
  ['microsoft.com', '#0078d4', WHITE, 'M'],
  ['xbox.com', '#107c10', WHITE, 'X'],
  ['playstation.com', '#003791', WHITE, 'PS', 'playstation'],
  ['nintendo.com', '#e60012', WHITE, 'N'],
  ['adobe.com', '#fa0f00', WHITE, 'A'],
  ['openai.com', '#10a37f', WHITE, 'AI'],
  ['anthropic.com', '#d97757', INK, 'C', 'claude'],
  ['github.com', '#181717', WHITE, 'GH', 'github'],
  ['canva.com', '#00c4cc', INK, 'C'],
  ['zoom.us', '#0b5cff', WHITE, 'Z', 'zoom'],
  ['notion.so', '#000000', WHITE, 'N', 'notion'],
  ['1password.com', '#0572ec', WHITE, '1P', '1password'],
  ['nordvpn.com', '#4687ff', WHITE, 'N', 'nordvpn'],
  ['grammarly.com', '#15c39a', INK, 'G', 'grammarly'],
  ['verizon.com', '#cd040b', WHITE, 'V', 'verizon'],
  ['att.com', '#00a8e0', WHITE, 'AT'],
  ['t-mobile.com', '#e20074', WHITE, 'T'],
  ['xfinity.com', '#6138f5', WHITE, 'X'],
  ['spectrum.com', '#0099d8', WHITE, 'S'],
  ['hellofresh.com', '#91c11e', INK, 'HF', 'hellofresh'],
  ['homechef.com', '#00833e', WHITE, 'HC'],
  ['planetfitness.com', '#5c2d91', '#ffd200', 'PF'],
  ['onepeloton.com', '#181a1d', WHITE, 'P', 'peloton'],
  ['lafitness.com', '#e4002b', WHITE, 'LA'],
  ['nytimes.com', '#000000', WHITE, 'T', 'newyorktimes'],
  ['adt.com', '#0061aa', WHITE, 'ADT'],
  ['geico.com', '#154b8b', WHITE, 'G'],
  ['progressive.com', '#0077c8', WHITE, 'P'],
  ['pge.com', '#0078c1', WHITE, 'PG'],
  ['costco.com', '#e31837', WHITE, 'C'],
];

const byDomain = new Map<string, MerchantMark>(
  marks.map(([domain, background, foreground, letters, slug]) => [
    domain,
    { background, foreground, letters, ...(slug ? { icon: iconPathOf(domain) } : {}) },
  ]),
);

/** Billow's mark for a merchant's website, when it has one. */
export function merchantMarkOf(website: string | null | undefined): MerchantMark | undefined {
  if (!website?.trim()) return undefined;
  return byDomain.get(domainOf(website));
}
