/** Public surface of `@billow/recurring`: recurring-payment detection over bank transactions. */
export { detectRecurring } from './detect';
export { normalizeMerchant } from './normalize';
export { DEFAULT_CATALOGUE } from './catalog';
export { productAtPrice } from './products';
export {
  CADENCES,
  CADENCE_RULES,
  DETECTABLE_CADENCES,
  monthlyAmount,
  type CadenceRule,
  type KnownCadence,
} from './cadence';
export type {
  AmountPoint,
  Cadence,
  DetectOptions,
  MerchantCatalogue,
  MerchantCatalogueEntry,
  NormalizedMerchant,
  RecurringStream,
  StreamStatus,
  Transaction,
} from './types';
