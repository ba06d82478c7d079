/**
 * Turns a raw bank descriptor ("POS DEBIT 03/14 PLANET FIT #1234") into a merchant. First the
 * noise card networks and processors put in front is stripped (POS/ACH/DEBIT…, "SQ *",
 * "PAYPAL *", "TST*"), then the catalogue's aliases are tried, all at once through one compiled
 * regular expression. Descriptors no alias knows fall back to a cleaned, title-cased name with
 * phone numbers, dates, reference and store numbers and the city/state tail removed, so the
 * same merchant groups together even when every charge carries a different reference.
 */
import { DEFAULT_CATALOGUE } from '../catalog';
import type { MerchantCatalogue, MerchantCatalogueEntry, NormalizedMerchant } from '../types';
import { compileCatalogue, matchCatalogue, type CompiledCatalogue } from './alias-index';
import { guessCategory } from './category';
import { cleanDescriptor, stripDescriptorNoise } from './descriptor';
import { displayName } from './display';

/**
 * Words that say the charge is a membership or subscription fee. At a merchant otherwise visited
 * for shopping (a warehouse club, a grocery delivery service) they mark a product of its own:
 * the yearly fee is a subscription even though the weekly shop is not.
 */
const MEMBERSHIP_WORDS = /\bMEMBERSH|\bSUBSCRIPTION\b|\bANNUAL (?:FEE|RENEWAL|DUES)\b|\bRENEWAL\b/;

function isTransfer(text: string): boolean {
  return guessCategory(text) === 'transfers';
}

function fromEntry(entry: MerchantCatalogueEntry): NormalizedMerchant {
  return {
    key: entry.id,
    name: entry.name,
    website: entry.website,
    category: entry.category,
    catalogueId: entry.id,
    isRecurringMerchant: entry.isRecurringMerchant ?? null,
    isStorefront: entry.isStorefront === true,
  };
}

/** The membership product of a habitual merchant, grouped apart from its ordinary purchases. */
function membershipAt(entry: MerchantCatalogueEntry): NormalizedMerchant {
  return {
    key: `${entry.id}+membership`,
    name: `${entry.name} Membership`,
    website: entry.website,
    category: 'shopping_membership',
    catalogueId: entry.id,
    isRecurringMerchant: true,
    isStorefront: false,
  };
}

/**
 * The merchant behind a descriptor. `merchantName` is the aggregator's own cleaned name when it
 * sent one (Plaid's `merchant_name`); it is consulted when the descriptor matches no alias.
 */
export function normalizeMerchant(
  description: string,
  catalogue: MerchantCatalogue = DEFAULT_CATALOGUE,
  merchantName?: string | null,
): NormalizedMerchant {
  const found = identifyMerchant(description, catalogue, merchantName);
  return typeof found === 'string' ? unknownMerchant(found) : { ...found };
}

/**
 * Detection's fast path to `normalizeMerchant`: the catalogue merchant (one shared object per
 * entry — not to be changed), or for a descriptor no alias knows just its grouping key, so the
 * name and category are only worked out once per key (`unknownMerchant`). Descriptors that
 * came with the aggregator's name are resolved in full (their category may depend on both).
 */
export function identifyMerchant(
  description: string,
  catalogue: MerchantCatalogue,
  merchantName?: string | null,
): NormalizedMerchant | string {
  const compiled = compileCatalogue(catalogue);
  const upper = description.toUpperCase();
  const stripped = stripDescriptorNoise(upper);
  const entry =
    matchCatalogue(stripped, compiled) ??
    (stripped === upper
      ? null
      : matchCatalogue(upper, compiled, rescanEnd(upper, stripped, compiled))) ??
    (merchantName ? matchCatalogue(merchantName.toUpperCase(), compiled) : null);
  if (entry) {
    return entry.isRecurringMerchant === false && MEMBERSHIP_WORDS.test(stripped)
      ? sharedMerchant(compiled.memberships, entry, membershipAt)
      : sharedMerchant(compiled.merchants, entry, fromEntry);
  }
  const cleaned = cleanDescriptor(merchantName ? merchantName.toUpperCase() : stripped);
  if (!merchantName) return cleaned;
  return {
    ...unknownMerchant(cleaned),
    // The bank's merchant name can hide what the descriptor says ("ScholarShare 529" for
    // "SCHOLARSHARE 529 CONTRIB"): a transfer by either is a transfer.
    category: isTransfer(stripped) ? 'transfers' : guessCategory(cleaned),
  };
}

/**
 * Where the rescan of the raw descriptor may stop once the stripped one matched nothing: the
 * stripped text is the raw one's tail, and every word start in that tail was already tried
 * with the same text ahead of it — so only the noise in front is left to try.
 */
function rescanEnd(upper: string, stripped: string, compiled: CompiledCatalogue): number {
  return compiled.isLocal && upper.endsWith(stripped)
    ? upper.length - stripped.length
    : upper.length + 1;
}

/** How the key of a merchant the catalogue does not know starts: then its cleaned descriptor. */
export const RAW_KEY = 'raw:';

/** A merchant the catalogue does not know, from its cleaned descriptor. */
function unknownMerchant(cleaned: string): NormalizedMerchant {
  return { ...unnamedMerchant(cleaned), name: displayName(cleaned) };
}

/**
 * `unknownMerchant` with its name left empty, for detection to fill in (`displayName`) once
 * the merchant has a stream: finding streams never reads the name, most merchants of a
 * history have none, and the name is the costlier half to work out.
 */
export function unnamedMerchant(cleaned: string): NormalizedMerchant {
  return {
    key: `${RAW_KEY}${cleaned}`,
    name: '',
    website: null,
    category: guessCategory(cleaned),
    catalogueId: null,
    isRecurringMerchant: null,
    isStorefront: false,
  };
}

function sharedMerchant(
  cache: Map<MerchantCatalogueEntry, NormalizedMerchant>,
  entry: MerchantCatalogueEntry,
  make: (entry: MerchantCatalogueEntry) => NormalizedMerchant,
): NormalizedMerchant {
  let merchant = cache.get(entry);
  if (!merchant) {
    merchant = make(entry);
    cache.set(entry, merchant);
  }
  return merchant;
}
