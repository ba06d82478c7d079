/**
 * Merchant normalisation: from a raw bank descriptor to a merchant (`merchant.ts`), through
 * the catalogue's compiled aliases (`alias-index.ts`), descriptor cleaning (`descriptor.ts`),
 * category guesses (`category.ts`) and display names (`display.ts`).
 */
export { compileCatalogue } from './alias-index';
export { BILL_CATEGORIES, isBankFee, isHabitualMerchant } from './category';
export { displayName } from './display';
export { identifyMerchant, normalizeMerchant, RAW_KEY, unnamedMerchant } from './merchant';
