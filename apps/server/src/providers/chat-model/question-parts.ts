/**
 * The parts of a money question the demo model reads before it answers (docs/chat.md): the
 * period it asks about, the bill it names (forgiving one slip of the keyboard), and a merchant it
 * names that is none of the person's bills, so the answer is about what was asked or says
 * plainly what it cannot see.
 */
import type { Subscription } from '@billow/contracts';

type Period = 'year' | 'last-month' | 'this-month';

/** The period a question asks about, when it names one. */
export function periodIn(question: string): Period | undefined {
  if (
    /\b(next|a|per|each|every|in a|over a|the whole) year\b|\byearly\b|\bannual(ly)?\b|\b12 months\b/.test(
      question,
    )
  )
    return 'year';
  if (/\b(last|previous|past) month\b/.test(question)) return 'last-month';
  return undefined;
}

/** Levenshtein distance, stopping early once past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9+&']+/g) ?? [];

/**
 * The bill a question names: by its whole name, longest first, else by a word of five letters or
 * more that is one slip from the name's first word ("netflx", "spotfy").
 */
export function billIn(question: string, list: readonly Subscription[]): Subscription | undefined {
  const byLength = [...list].sort((a, b) => b.merchant_name.length - a.merchant_name.length);
  const whole = byLength.find((s) => {
    const name = s.merchant_name.toLowerCase();
    return name.length >= 3 && question.includes(name);
  });
  if (whole) return whole;
  const asked = words(question).filter((word) => word.length >= 5);
  return byLength.find((s) => {
    const [first] = words(s.merchant_name);
    return (
      first !== undefined &&
      first.length >= 5 &&
      asked.some((word) => distance(word, first, 1) <= 1)
    );
  });
}

/** Words after "at"/"on" that are about the person's bills as a whole, not a merchant. */
const ABOUT_BILLS =
  /\b(subscriptions?|bills?|everything|all|them|services?|plans?|average|total|month|year|it|that|this)\b/;

/**
 * A merchant a spending question names ("how much did I spend at Whole Foods") when it is none
 * of the person's bills, in the question's own words.
 */
export function otherMerchantIn(question: string): string | undefined {
  if (!/\b(spen[dt]|spending|pa(y|id)|cost|charged?|buy|bought)\b/.test(question)) return undefined;
  const found =
    /\b(?:at|on|to|for|from|with)\s+([a-z0-9][a-z0-9&'. ]*?)\s*(?:\b(?:last|this|next|in|per|a|each|every|during|since|so far|over|the past)\b|[?!.,]|$)/.exec(
      question,
    );
  const name = found?.[1]?.trim();
  if (!name || ABOUT_BILLS.test(name)) return undefined;
  return name;
}
