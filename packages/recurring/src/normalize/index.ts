/**
 * Merchant normalisation: from a raw bank descriptor to a merchant (`merchant.ts`), through
 * the catalogue's compiled aliases (`alias-index.ts`), descriptor cleaning (`descriptor.ts`),
 * category guesses (`category.ts`) and display names (`display.ts`).
 */
export { compileCatalogue, matchCatalogue } from './alias-index';
export {
  BILL_CATEGORIES,
  HABITUAL_CATEGORIES,
  guessCategory,
  isBankFee,
  isHabitualMerchant,
} from './category';
export { cleanDescriptor, stripDescriptorNoise } from './descriptor';
export { displayName, displayWords, titleCase } from './display';
export {
  identifyMerchant,
  normalizeMerchant,
  RAW_KEY,
  unknownMerchant,
  unnamedMerchant,
} from './merchant';
