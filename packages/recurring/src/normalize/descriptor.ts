/**
 * Descriptor cleaning: the noise card networks and processors put in front (POS/ACH/DEBIT…,
 * "SQ *", "PAYPAL *", "TST*") is stripped, then phone numbers, dates, reference and store
 * numbers and the city/state tail are removed, so the same merchant groups together even when
 * every charge carries a different reference.
 */
/**
 * A check card purchase prints the day it was made right after the word ("CHECKCARD 1014 SQ
 * *STUDIO"): a processor's prefix after that date is still a prefix, so the date goes with it.
 */
const LEADING_NOISE =
  /^(?:CHECK ?CARD \d{4}\s+|(?:POS|DEBIT|CREDIT|PURCHASE|RECURRING|CHECKCARD|CHECK CARD|ACH|WITHDRAWAL|PRE-?AUTHORIZED|ELECTRONIC|ONLINE|WEB|CARD|VISA|DBT|PMT|AUTO ?PAY|BILL ?PAY|PAYMENT(?: TO)?|TRANSACTION|TXN|AUTHORIZED ON|SALE|INTL|REFUND|REVERSAL|RETURNED ITEM|RETURN|MERCHANDISE RETURN)(?![A-Z0-9])[\s:*#-]*|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\s+|X{2,}\d{2,4}\s+|CARD \d{4}\s+)+/;
const PROCESSOR_PREFIX =
  /^(?:SQ ?\*|SQU ?\*|PAYPAL ?\*|PP ?\*|TST ?\*|SP ?\*|SP (?=[A-Z])|PY ?\*|IN ?\*|BT ?\*|DD ?\*|GOOGLE ?\*|APL ?\*|CKO ?\*|FS ?\*|2CO ?\*|EB ?\*|ZEL ?\*)\s*/;

/** NACHA-style tails ("DES:AUTO PAY ID:1234 INDN:SMITH JOHN CO ID:99 PPD") carry no merchant. */
const ACH_TAIL =
  /\s(?:DES|INDN|CO ID|ID|WEB ID|PPD ID|CO ENTRY DESCR|ENTRY DESCR|SEC):.*$|\s(?:PPD|CCD|WEB)$/;
const PHONE = /\(?\b\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}\b|\b1?-?8\d\d-?[A-Z]{7}\b|\b\d{3}-\d{7}\b/g;
/** A masked card number, or "CARD 0180": the card's last four, which change with the card. */
const MASKED_CARD = /(?:X{2,}|\*{2,})\d{2,4}|\bCARD \d{4}\b/g;
/** `DATES` for a text without '/' or '-': only the month-name dates can match there. */
const MONTH_DATES = /\b(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC) ?\d{1,2}\b/g;
const DATES =
  /\b(?:ON )?\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?\b|\b\d{4}-\d{2}-\d{2}\b|\b(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC) ?\d{1,2}\b/g;
const REFERENCES =
  /\b(?:WEB ID|PPD ID|CO ID|REF|REFERENCE|CONF|CONFIRMATION|TRACE|AUTH|TRN|TXN|INV|INVOICE|ORDER|ACCT|ACCOUNT|ID)\b\s*(?:NO\.?|NUM|NUMBER)?\s*[#:]?\s*[A-Z0-9-]*\d[A-Z0-9-]*/g;
const STORE_NUMBERS = /#\s*[A-Z0-9-]+|\bSTORE ?\d+\b|\bNO\. ?\d+\b/g;
const STAR_REFERENCE = /\*\s*[A-Z0-9]*\d[A-Z0-9]*/g;
const WEB_SUFFIX = /\.(?:COM|NET|ORG|IO|CO|US|TV)\b(?:\/\S*)?/g;
const HAS_DIGIT = /\d/;
const SPACES = /\s+/g;
const STATE_TAIL =
  / (?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC|US|USA)$/;
/** Words that say how or what kind, not who: "TOYOTA FINANCIAL SVCS PMT", "SUNRISE APARTMENTS, LLC". */
const TRAILING_NOISE =
  / (?:SUBSCRIPTION|MEMBERSHIP|PMT|PYMT|PAYMENT|AUTOPAY|AUTO PAY|BILL ?PAY|ONLINE|WEB|RECURRING|ACH|DEBIT|PURCHASE|LLC|L L C|INC|CORP|CORPORATION|LTD)$/;
const CITY_TAIL =
  / (?:NEW YORK|NEWYORK|BROOKLYN|LOS ANGELES|SAN FRANCISCO|SAN FRAN|SAN JOSE|SAN DIEGO|OAKLAND|BERKELEY|SEATTLE|PORTLAND|AUSTIN|DALLAS|HOUSTON|SAN ANTONIO|CHICAGO|BOSTON|CAMBRIDGE|DENVER|PHOENIX|ATLANTA|MIAMI|ORLANDO|TAMPA|CHARLOTTE|RALEIGH|NASHVILLE|PHILADELPHIA|PITTSBURGH|WASHINGTON|BALTIMORE|DETROIT|MINNEAPOLIS|ST LOUIS|KANSAS CITY|COLUMBUS|CLEVELAND|CINCINNATI|INDIANAPOLIS|MILWAUKEE|SALT LAKE CITY|LAS VEGAS|SACRAMENTO|PALO ALTO|MOUNTAIN VIEW|SUNNYVALE|SANTA MONICA|LOS GATOS|CUPERTINO|REDMOND|BELLEVUE|JERSEY CITY|HOBOKEN|ARLINGTON|ALEXANDRIA|IRVINE|PASADENA|LONG BEACH|HONOLULU|ANCHORAGE|SPRINGFIELD)$/;

/** Tails come off one word or place a round; no real descriptor ends in more. */
const MAX_TAIL_ROUNDS = 8;

export function stripDescriptorNoise(upper: string): string {
  let text = upper.trim();
  for (let round = 0; round < 3; round++) {
    const next = text.replace(LEADING_NOISE, '').replace(PROCESSOR_PREFIX, '').trimStart();
    if (next === text) break;
    text = next;
  }
  return text.length > 0 ? text : upper.trim();
}

/** The upper-case descriptor with every per-charge detail removed. */
export function cleanDescriptor(stripped: string): string {
  let text = firstColumn(stripped);
  text = text.replace(ACH_TAIL, '');
  // Phone, card, date, reference, star and digit-token patterns all need a digit, and the
  // replacements only add spaces: without one, they cannot match at any step. Likewise a
  // pattern that needs a '*', '#' or '.' is skipped once the text has none.
  if (HAS_DIGIT.test(text)) {
    text = text.replace(PHONE, ' ');
    if (text.includes('XX') || text.includes('**') || text.includes('CARD ')) {
      text = text.replace(MASKED_CARD, ' ');
    }
    text = text.replace(text.includes('/') || text.includes('-') ? DATES : MONTH_DATES, ' ');
    text = text.replace(REFERENCES, ' ');
    if (text.includes('#') || text.includes('STORE') || text.includes('NO.')) {
      text = text.replace(STORE_NUMBERS, ' ');
    }
    if (text.includes('*')) text = text.replace(STAR_REFERENCE, ' ');
    if (text.includes('.')) text = text.replace(WEB_SUFFIX, ' ');
    text = withoutDigitTokens(text);
  } else {
    if (text.includes('#')) text = text.replace(STORE_NUMBERS, ' ');
    if (text.includes('.')) text = text.replace(WEB_SUFFIX, ' ');
  }
  text = keptWords(text);
  // Round after round: "BLUE BOTTLE COFFEE OAKLAND CA US" loses "US", then "CA", then the city;
  // "METRO P&L ONLINE PMT WEB PMT" one channel word a round, down to the payee, so the bank's
  // other wording of the same bill ("… ONLINE PMT BILL PAY") groups with it.
  for (let round = 0; round < MAX_TAIL_ROUNDS; round++) {
    const next = withoutTail(withoutTail(withoutTail(text, STATE), CITY), NOISE);
    if (next === text || next.length < 2) break;
    text = next;
  }
  return text.length > 0 ? text : stripped.replace(SPACES, ' ').trim();
}

/**
 * The descriptor's first column when it is laid out in columns (two or more whitespace
 * characters apart) and that column has three characters or more; else the whole descriptor.
 * The column ends where the first run of whitespace starts; most descriptors have none. One
 * search by the regular-expression engine finds it in half the time of a scan in script over
 * the characters, and without the array a split makes.
 */
function firstColumn(stripped: string): string {
  const gap = WHITESPACE_RUN.exec(stripped);
  return gap && gap.index >= 3 ? stripped.slice(0, gap.index) : stripped;
}

const WHITESPACE_RUN = /\s\s/;

/**
 * The text with every reference-like token replaced by a space: a word of four or more
 * letters and digits mixing both ("A1B2C3"), or of three or more digits ("4521"). What
 * `/\b(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{4,}\b|\b\d{3,}\b/g` replaces, read in one pass: both
 * alternatives start and end at word boundaries with only word characters between, so a
 * match is always one whole word (a run of `\w`, which also holds '_' and a–z), never part
 * of one.
 */
function withoutDigitTokens(text: string): string {
  let result = '';
  let copiedUpTo = 0;
  let i = 0;
  while (i < text.length) {
    if (!isRegExpWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let digits = 0;
    let upperLetters = 0;
    while (i < text.length && isRegExpWordCode(text.charCodeAt(i))) {
      const code = text.charCodeAt(i);
      if (code >= 48 && code <= 57) digits++;
      else if (code >= 65 && code <= 90) upperLetters++;
      i++;
    }
    const length = i - start;
    const isMixed =
      digits + upperLetters === length && length >= 4 && digits > 0 && upperLetters > 0;
    const isNumber = digits === length && length >= 3;
    if (isMixed || isNumber) {
      result += text.slice(copiedUpTo, start) + ' ';
      copiedUpTo = i;
    }
  }
  return copiedUpTo === 0 ? text : result + text.slice(copiedUpTo);
}

/** `\w` of a regular expression without the u flag: A–Z, a–z, 0–9 and '_'. */
function isRegExpWordCode(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 95
  );
}

/**
 * The words of the text made of A–Z, 0–9, '&' and "'", one space apart: every other character
 * separates words. The same as replacing `/[^A-Z0-9&' ]+/g` by a space, runs of whitespace by
 * one space and trimming, in one pass — and none when the text is already so. Words already
 * one space apart are copied as one piece: a cleaned descriptor usually has only a gap or two
 * left by removed details, and a copy per word costs more than the scan.
 */
function keptWords(text: string): string {
  if (isKeptWords(text)) return text;
  let result = '';
  let i = 0;
  for (;;) {
    while (i < text.length && !isKeptCode(text.charCodeAt(i))) i++;
    if (i >= text.length) return result;
    const start = i;
    for (;;) {
      while (i < text.length && isKeptCode(text.charCodeAt(i))) i++;
      const isOneSpace = text.charCodeAt(i) === 32 && isKeptCode(text.charCodeAt(i + 1));
      if (!isOneSpace) break;
      i++;
    }
    result += (result.length > 0 ? ' ' : '') + text.slice(start, i);
  }
}

/**
 * Whether `keptWords` would return the text as it is: kept characters, one space apart. One
 * regular expression (it cannot backtrack: a space always ends a word) reads it in half the
 * time of a scan in script.
 */
function isKeptWords(text: string): boolean {
  return KEPT_WORDS.test(text);
}

const KEPT_WORDS = /^(?:[A-Z0-9&']+(?: [A-Z0-9&']+)*)?$/;

function isKeptCode(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 38 || code === 39;
}

/**
 * An end-anchored pattern (" (?:A|B|…)$") ready to search only where a match can start: within
 * `length` final characters (one more than its longest word). A pattern anchored at the end is
 * otherwise tried at every position from the start. Searching the text itself from there (a
 * global copy of the pattern, from `lastIndex`) rather than a copy of its tail gives where the
 * match starts, so the text is cut there instead of being rewritten by a second search.
 */
type Tail = { search: RegExp; length: number };

function tailOf(pattern: RegExp): Tail {
  const words = pattern.source.slice(4, -2).split('|');
  return {
    search: new RegExp(pattern.source, 'g'),
    length: 1 + Math.max(...words.map((word) => word.length)),
  };
}

const STATE = tailOf(STATE_TAIL);
const CITY = tailOf(CITY_TAIL);
const NOISE = tailOf(TRAILING_NOISE);

/** The text less the tail's match (the longest, as a match must end the text), if any. */
function withoutTail(text: string, tail: Tail): string {
  tail.search.lastIndex = Math.max(0, text.length - tail.length);
  const match = tail.search.exec(text);
  return match ? text.slice(0, match.index) : text;
}
