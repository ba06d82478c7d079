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
/** A state's (or the country's) code ending the city/state tail. */
const STATES = (
  'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|' +
  'NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC|US|USA'
).split('|');
/** Words that say how or what kind, not who: "TOYOTA FINANCIAL SVCS PMT", "SUNRISE APARTMENTS, LLC". */
const NOISE_WORDS = (
  'SUBSCRIPTION|MEMBERSHIP|PMT|PYMT|PAYMENT|AUTOPAY|AUTO PAY|BILL PAY|BILLPAY|ONLINE|WEB|' +
  'RECURRING|ACH|DEBIT|PURCHASE|LLC|L L C|INC|CORP|CORPORATION|LTD'
).split('|');
/** Cities a descriptor's place ends in, before or without its state. */
const CITIES = (
  'NEW YORK|NEWYORK|BROOKLYN|LOS ANGELES|SAN FRANCISCO|SAN FRAN|SAN JOSE|SAN DIEGO|OAKLAND|' +
  'BERKELEY|SEATTLE|PORTLAND|AUSTIN|DALLAS|HOUSTON|SAN ANTONIO|CHICAGO|BOSTON|CAMBRIDGE|' +
  'DENVER|PHOENIX|ATLANTA|MIAMI|ORLANDO|TAMPA|CHARLOTTE|RALEIGH|NASHVILLE|PHILADELPHIA|' +
  'PITTSBURGH|WASHINGTON|BALTIMORE|DETROIT|MINNEAPOLIS|ST LOUIS|KANSAS CITY|COLUMBUS|' +
  'CLEVELAND|CINCINNATI|INDIANAPOLIS|MILWAUKEE|SALT LAKE CITY|LAS VEGAS|SACRAMENTO|' +
  'PALO ALTO|MOUNTAIN VIEW|SUNNYVALE|SANTA MONICA|LOS GATOS|CUPERTINO|REDMOND|BELLEVUE|' +
  'JERSEY CITY|HOBOKEN|ARLINGTON|ALEXANDRIA|IRVINE|PASADENA|LONG BEACH|HONOLULU|ANCHORAGE|' +
  'SPRINGFIELD'
).split('|');

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
  // Phone, card, date, reference and star patterns all need a digit, and the replacements
  // only add spaces: without one, they cannot match at any step. Likewise a pattern that needs
  // a '*', '#' or '.' is skipped once the text has none.
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
  } else {
    if (text.includes('#')) text = text.replace(STORE_NUMBERS, ' ');
    if (text.includes('.')) text = text.replace(WEB_SUFFIX, ' ');
  }
  const words = keptWords(text);
  // Round after round: "BLUE BOTTLE COFFEE OAKLAND CA US" loses "US", then "CA", then the city;
  // "METRO P&L ONLINE PMT WEB PMT" one channel word a round, down to the payee, so the bank's
  // other wording of the same bill ("… ONLINE PMT BILL PAY") groups with it. A round that
  // would leave one letter alone is not taken.
  let count = words.length;
  for (let round = 0; round < MAX_TAIL_ROUNDS; round++) {
    let next = withoutTail(words, count, STATE);
    next = withoutTail(words, next, CITY);
    next = withoutTail(words, next, NOISE);
    if (next === count || (next === 1 && (words[0] as string).length < 2)) break;
    count = next;
  }
  if (count === 0) return stripped.replace(SPACES, ' ').trim();
  return count === words.length ? words.join(' ') : words.slice(0, count).join(' ');
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
 * The words of the text, as the rest of the cleaning reads them: runs of A–Z, 0–9, '&' and "'"
 * (every other character separates words), less every reference-like token — a run of regular-
 * expression word characters (A–Z, a–z, 0–9, '_') of four or more mixing upper-case letters and
 * digits only ("A1B2C3"), or of three or more digits ("4521"), which separates words too.
 */
function keptWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  const end = (at: number): void => {
    if (start >= 0) words.push(text.slice(start, at));
    start = -1;
  };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (!isRegExpWordCode(code)) {
      if (code === 38 || code === 39) {
        if (start < 0) start = i;
      } else {
        end(i);
      }
      i++;
      continue;
    }
    const runStart = i;
    let digits = 0;
    let upperLetters = 0;
    while (i < text.length && isRegExpWordCode(text.charCodeAt(i))) {
      const runCode = text.charCodeAt(i);
      if (runCode >= 48 && runCode <= 57) digits++;
      else if (runCode >= 65 && runCode <= 90) upperLetters++;
      i++;
    }
    const length = i - runStart;
    const isKept = digits + upperLetters === length;
    const isReference =
      (isKept && length >= 4 && digits > 0 && upperLetters > 0) ||
      (digits === length && length >= 3);
    if (isReference) {
      end(runStart);
    } else if (isKept) {
      if (start < 0) start = runStart;
    } else {
      // '_' and a–z separate words.
      for (let at = runStart; at < i; at++) {
        if (isKeptCode(text.charCodeAt(at))) {
          if (start < 0) start = at;
        } else {
          end(at);
        }
      }
    }
  }
  end(text.length);
  return words;
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

function isKeptCode(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 38 || code === 39;
}

/** Phrases a descriptor may end in, and the last word of each (most words end none). */
type Tail = { phrases: ReadonlySet<string>; lastWords: ReadonlySet<string>; mostWords: number };

function tailOf(phrases: readonly string[]): Tail {
  return {
    phrases: new Set(phrases),
    lastWords: new Set(phrases.map((phrase) => phrase.slice(phrase.lastIndexOf(' ') + 1))),
    mostWords: Math.max(...phrases.map((phrase) => phrase.split(' ').length)),
  };
}

const STATE = tailOf(STATES);
const CITY = tailOf(CITIES);
const NOISE = tailOf(NOISE_WORDS);

/**
 * How many of the first `count` words are left once the longest phrase of the tail that ends
 * them is taken off; a word always stays in front of it.
 */
function withoutTail(words: readonly string[], count: number, tail: Tail): number {
  if (count < 2 || !tail.lastWords.has(words[count - 1] as string)) return count;
  for (let size = Math.min(tail.mostWords, count - 1); size >= 1; size--) {
    const phrase = size === 1 ? words[count - 1] : words.slice(count - size, count).join(' ');
    if (tail.phrases.has(phrase as string)) return count - size;
  }
  return count;
}
