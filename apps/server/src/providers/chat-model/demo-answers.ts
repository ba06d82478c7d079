/**
 * The demo model's understanding: a question is matched to one of the common asks, and the
 * answer is written from the person's own figures. What it does not understand it says so
 * plainly, with what it can answer instead; it never invents a figure. Its figures, amounts and
 * dates are the screens' own (docs/figures.md): the monthly figure, the bill rows' amounts and
 * due words, the payment dates of the recent-payments list.
 */
import {
  amountDue,
  billsDueThisMonth,
  coveredByRewardsText,
  dueWords,
  formatDollars,
  formatPaymentDay,
  formatPrice,
  isActiveBill,
  monthlyTotal,
  subscriptionCategory,
  sumDollars,
  type Subscription,
} from '@billow/contracts';
import type { FinanceReader } from './chat-model';
import { cancellationUnderWay, howToCancel } from './cancel-answers';
import { asksNegotiationStatus, negotiationAnswer } from './negotiation-answers';
import { billIn, otherMerchantIn, periodIn } from './question-parts';

const WEEK_DAYS = 7;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Bills with a renewal from today through the next six days. */
export function dueThisWeek(list: Subscription[]): Subscription[] {
  return list
    .filter((s) => isActiveBill(s) && s.days_until_due !== null)
    .filter((s) => s.days_until_due! >= 0 && s.days_until_due! < WEEK_DAYS)
    .sort((a, b) => a.days_until_due! - b.days_until_due!);
}

/** The bills still due this month: the ones the Bills card adds up as 'Due this month'. */
export const dueThisMonth = billsDueThisMonth;

/** A bill's next charge as its row shows it: what is left to pay, and what rewards cover. */
function dueAmount(s: Subscription): string {
  const covered = s.reward_credit > 0 ? ` (${coveredByRewardsText(s.reward_credit)})` : '';
  return `${formatDollars(amountDue(s))}${covered}`;
}

function billLines(list: Subscription[], today: string): string {
  return list.map((s) => `- ${s.merchant_name}: ${dueAmount(s)}, ${dueWords(s, today)}`).join('\n');
}

function dueAnswer(
  list: Subscription[],
  period: 'this week' | 'this month',
  today: string,
): string {
  if (list.length === 0) return `Nothing is due ${period}.`;
  const total = sumDollars(list.map(amountDue));
  return `${plural(list.length, 'bill')} due ${period}, ${formatDollars(total)} in total:\n${billLines(list, today)}`;
}

const CATEGORY_WORDS: Record<string, string> = {
  gym: 'fitness',
  phone: 'telecom',
  mobile: 'telecom',
  cell: 'telecom',
  tv: 'streaming',
  video: 'streaming',
  games: 'gaming',
  cloud: 'cloud_storage',
  storage: 'cloud_storage',
  delivery: 'food_delivery',
  'meal kit': 'meal_kit',
  'meal kits': 'meal_kit',
};

function categoryIn(question: string): string | undefined {
  const named = subscriptionCategory.options.find((c) =>
    new RegExp(`\\b${c.replace('_', '[ _]')}\\b`).test(question),
  );
  if (named && named !== 'other') return named;
  return Object.entries(CATEGORY_WORDS).find(([word]) =>
    new RegExp(`\\b${word}\\b`).test(question),
  )?.[1];
}

/** A year of a bill, or of bills: twelve of the monthly figure every screen shows. */
const yearOf = (list: readonly Subscription[]) => Math.round(monthlyTotal(list) * 1200) / 100;

/** The first and last day of the calendar month before `today`'s. */
function lastMonthOf(today: string): { from: string; until: string; name: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return {
    from: first.toISOString().slice(0, 10),
    until: last.toISOString().slice(0, 10),
    name: first.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' }),
  };
}

const titleCase = (name: string) => name.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

const CAPABILITIES =
  "I can tell you what is due this week or this month, what you pay per month in total, your biggest subscriptions, a category's total (like streaming), price increases, a merchant's charge history, how your negotiations are going, your rewards balance, and how to cancel or negotiate a bill.";

const HOW_TO_NEGOTIATE = (name: string) =>
  `To lower ${name}: Billow can negotiate for you for free, and you keep all the savings — turn on Bill Negotiation in your profile settings. Doing it yourself: call ${name}, ask for the retention team, mention a competitor's price, and ask for a lower rate or a promotional plan.`;

/** The answer to the last question, from the person's own data. */
export async function demoAnswer(rawQuestion: string, finances: FinanceReader): Promise<string> {
  const q = rawQuestion.toLowerCase().replace(/[’]/g, "'");
  const [all, today] = await Promise.all([finances.subscriptions(), finances.today()]);
  const active = all.filter(isActiveBill);
  const merchant = billIn(q, all);
  const period = periodIn(q);

  if (asksNegotiationStatus(q)) {
    return negotiationAnswer(q, await finances.negotiations(), merchant?.merchant_name);
  }
  if (/\bcancel/.test(q)) {
    if (merchant && merchant.status === 'CANCELLED')
      return `You've already cancelled ${merchant.merchant_name}${merchant.cancel_date ? ` (${formatPaymentDay(merchant.cancel_date, today)})` : ''}, so there is nothing to cancel. If it charges you again, Billow will tell you.`;
    const underWay =
      merchant &&
      cancellationUnderWay(
        merchant.merchant_name,
        await finances.cancellations(),
        merchant.id,
        (day) => formatPaymentDay(day, today),
      );
    return underWay ?? howToCancel(merchant);
  }
  if (/negotiat|\blower\b|\breduce\b|cheaper/.test(q)) {
    return HOW_TO_NEGOTIATE(merchant?.merchant_name ?? 'a bill');
  }
  if (merchant && period === 'year') {
    if (!isActiveBill(merchant))
      return `${merchant.merchant_name} is ${merchant.status.toLowerCase()}, so Billow expects nothing more to pay it.`;
    return `${merchant.merchant_name} comes to ${formatDollars(yearOf([merchant]))} a year at ${formatPrice(merchant.amount, merchant.cadence)}.`;
  }
  if (merchant && period === 'last-month') {
    const month = lastMonthOf(today);
    const charges = (await finances.charges(merchant.id)).filter(
      (c) => c.date >= month.from && c.date <= month.until,
    );
    if (charges.length === 0)
      return `${merchant.merchant_name} did not charge you in ${month.name}.`;
    return `You paid ${merchant.merchant_name} ${formatDollars(sumDollars(charges.map((c) => c.amount)))} in ${month.name} (${plural(charges.length, 'charge')}).`;
  }
  if (merchant) {
    const charges = await finances.charges(merchant.id);
    const recent = charges.slice(0, 6);
    const lines = recent
      .map((c) => `- ${formatPaymentDay(c.date, today)}: ${formatDollars(c.amount)}`)
      .join('\n');
    const total = sumDollars(charges.map((c) => c.amount));
    const price = isActiveBill(merchant)
      ? ` ${formatPrice(merchant.amount, merchant.cadence)}, next charge ${dueAmount(merchant)} ${dueWords(merchant, today)}.`
      : '';
    return `${merchant.merchant_name}:${price} ${plural(charges.length, 'charge')} so far, ${formatDollars(total)} in total.${lines ? `\nMost recent:\n${lines}` : ''}`;
  }
  if (/reward/.test(q)) {
    return `Your rewards balance is ${formatDollars(await finances.rewardsBalance())}.`;
  }
  if (
    /price (increase|hike|rise|change)|increase|went up|gone up|go up|raised|more expensive/.test(q)
  ) {
    // The bills list's own answer: the one detector of price increases (docs/figures.md).
    const raised = all.filter((s) => s.is_price_increase);
    if (raised.length === 0) return 'None of your subscriptions has raised its price lately.';
    const lines = raised.map((s) =>
      s.previous_amount === null
        ? `- ${s.merchant_name}: now ${formatDollars(s.amount)}`
        : `- ${s.merchant_name}: ${formatDollars(s.previous_amount)} → ${formatDollars(s.amount)}`,
    );
    return `${plural(raised.length, 'subscription')} raised the price:\n${lines.join('\n')}`;
  }
  if (/week|due soon|coming up|upcoming/.test(q)) {
    return dueAnswer(dueThisWeek(all), 'this week', today);
  }
  if (/\bdue\b.*month|month.*\bdue\b|this month/.test(q)) {
    return dueAnswer(dueThisMonth(all, today), 'this month', today);
  }
  if (/biggest|largest|most expensive|highest|top\b|costs? the most/.test(q)) {
    // Biggest by what each costs a month; each said at its current price, as its row shows it.
    const top = [...active]
      .sort((a, b) => b.normalized_monthly_amount - a.normalized_monthly_amount)
      .slice(0, 3);
    if (top.length === 0) return 'You have no active subscriptions yet.';
    const lines = top.map((s) => `- ${s.merchant_name}: ${formatPrice(s.amount, s.cadence)}`);
    return `Your biggest subscriptions:\n${lines.join('\n')}`;
  }
  const category = categoryIn(q);
  if (category) {
    const inCategory = active.filter((s) => s.category === category);
    const words = category.replace('_', ' ');
    if (inCategory.length === 0) return `You have no active ${words} subscriptions.`;
    const names = inCategory.map((s) => s.merchant_name).join(', ');
    if (period === 'year')
      return `You pay ${formatDollars(yearOf(inCategory))} a year for ${words} (${names}), ${formatDollars(monthlyTotal(inCategory))} a month.`;
    return `You pay ${formatDollars(monthlyTotal(inCategory))} a month for ${words} (${names}).`;
  }
  const other = otherMerchantIn(q);
  if (other) {
    return `I can only see your bills and subscriptions, not your other spending, so I can't tell what you spent at ${titleCase(other)} — it is not one of your bills. ${CAPABILITIES}`;
  }
  if (period === 'last-month' && /paid|pay|spen[dt]|charged|cost/.test(q)) {
    const month = lastMonthOf(today);
    const charges = (await Promise.all(all.map((s) => finances.charges(s.id))))
      .flat()
      .filter((c) => c.date >= month.from && c.date <= month.until);
    if (charges.length === 0) return `None of your bills charged you in ${month.name}.`;
    return `Your bills charged you ${formatDollars(sumDollars(charges.map((c) => c.amount)))} in ${month.name} (${plural(charges.length, 'charge')}).`;
  }
  if (
    /total|per month|a month|monthly|spend|how much|cost|per year|a year|yearly|annual|what do i pay|pay for/.test(
      q,
    )
  ) {
    if (active.length === 0) return 'You have no active subscriptions yet.';
    if (period === 'year')
      return `You pay ${formatDollars(yearOf(all))} a year across ${plural(active.length, 'active bill')} (${formatDollars(monthlyTotal(all))} a month).`;
    return `You pay ${formatDollars(monthlyTotal(all))} a month across ${plural(active.length, 'active bill')}.`;
  }
  if (/\b(list|all|which|what) (my )?(subscriptions|bills)|subscriptions do i have/.test(q)) {
    if (active.length === 0) return 'You have no active subscriptions yet.';
    const lines = active.map((s) => `- ${s.merchant_name}: ${formatPrice(s.amount, s.cadence)}`);
    return `Your ${plural(active.length, 'active bill')}:\n${lines.join('\n')}`;
  }
  if (/^(hi|hello|hey)\b/.test(q)) return `Hello! ${CAPABILITIES}`;
  return `I can't answer that yet in demo mode. ${CAPABILITIES}`;
}
