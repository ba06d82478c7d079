/**
 * Display names: the name a person reads for a merchant the catalogue does not know, from its
 * cleaned descriptor.
 */

/** What the payment was for, at the end of a cleaned descriptor: "ROCKET MORTGAGE MTG". */
const PAYMENT_KIND_TAIL = / (?:MTG|RENT|CONTRIB|CONTRIBUTION|PREM|PREMIUM|INST|INSTALLMENT|DES)$/;
/** Bank-statement shorthand a person would write out: "ESSEX PROPERTY TR" is a trust. */
const SHORTHAND: Record<string, string> = {
  TR: 'TRUST',
  MGMT: 'MANAGEMENT',
  MGT: 'MANAGEMENT',
  SVC: 'SERVICE',
  SVCS: 'SERVICES',
  INS: 'INSURANCE',
  ASSN: 'ASSOCIATION',
  PROP: 'PROPERTY',
  PROPS: 'PROPERTIES',
  APTS: 'APARTMENTS',
  FINL: 'FINANCIAL',
  CTR: 'CENTER',
  INTL: 'INTERNATIONAL',
};

/**
 * The name a person reads for a merchant the catalogue does not know: the cleaned descriptor
 * without what kind of payment it was and with shorthand written out ("ESSEX PROPERTY TR RENT"
 * → "ESSEX PROPERTY TRUST"). Only the name: grouping keeps the cleaned descriptor.
 */
function displayWords(cleaned: string): string {
  let text = cleaned;
  for (let next = text.replace(PAYMENT_KIND_TAIL, ''); next !== text && next.length >= 2;) {
    text = next;
    next = text.replace(PAYMENT_KIND_TAIL, '');
  }
  return text
    .split(' ')
    .map((word, index) => (index > 0 ? (SHORTHAND[word] ?? word) : word))
    .join(' ');
}

function titleCase(upper: string): string {
  return upper
    .split(' ')
    .map((word) =>
      word.includes('&') || word.length <= 1 ? word : word[0] + word.slice(1).toLowerCase(),
    )
    .join(' ');
}

/** The name a person reads for a merchant the catalogue does not know. */
export function displayName(cleaned: string): string {
  return titleCase(displayWords(cleaned));
}
