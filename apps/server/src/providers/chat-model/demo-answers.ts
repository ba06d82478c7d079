/**
 * The demo model's understanding: a question is matched to one of the common asks, and the
 * answer is written from the person's own figures. What it does not understand it says so
 * plainly, with what it can answer instead; it never invents a figure.
 */
import {
  formatDollars,
  subscriptionCategory,
  sumDollars,
  type Subscription,
} from '@billow/contracts';
import type { FinanceReader } from './chat-model';
import { asksNegotiationStatus, negotiationAnswer } from './negotiation-answers';

const WEEK_DAYS = 7;

const isLive = (s: Subscription) => s.status !== 'CANCELLED';
const monthly = (list: Subscription[]) => sumDollars(list.map((s) => s.normalized_monthly_amount));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function endOfMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

function dueWords(s: Subscription): string {
  const days = s.days_until_due;
  if (days === 0) return 'due today';
  if (days === 1) return 'due tomorrow';
  return `due in ${days} days (${s.renewal_date})`;
}

/** Bills with a renewal from today through the next six days. */
export function dueThisWeek(list: Subscription[]): Subscription[] {
  return list
    .filter((s) => isLive(s) && s.days_until_due !== null)
    .filter((s) => s.days_until_due! >= 0 && s.days_until_due! < WEEK_DAYS)
    .sort((a, b) => a.days_until_due! - b.days_until_due!);
}

/** Bills with a renewal from today through the last day of this month. */
export function dueThisMonth(list: Subscription[], today: string): Subscription[] {
  const last = endOfMonth(today);
  return list
    .filter((s) => isLive(s) && s.renewal_date !== null && s.days_until_due !== null)
    .filter((s) => s.days_until_due! >= 0 && s.renewal_date! <= last)
    .sort((a, b) => a.days_until_due! - b.days_until_due!);
}

function billLines(list: Subscription[]): string {
  return list
    .map((s) => `- ${s.merchant_name}: ${formatDollars(s.amount)}, ${dueWords(s)}`)
    .join('\n');
}

function dueAnswer(list: Subscription[], period: 'this week' | 'this month'): string {
  if (list.length === 0) return `Nothing is due ${period}.`;
  const total = sumDollars(list.map((s) => s.amount));
  return `${plural(list.length, 'bill')} due ${period}, ${formatDollars(total)} in total:\n${billLines(list)}`;
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

function merchantIn(question: string, list: Subscription[]): Subscription | undefined {
  const byLength = [...list].sort((a, b) => b.merchant_name.length - a.merchant_name.length);
  return byLength.find((s) => {
    const name = s.merchant_name.toLowerCase();
    return name.length >= 3 && question.includes(name);
  });
}

export const CAPABILITIES =
  "I can tell you what is due this week or this month, what you pay per month in total, your biggest subscriptions, a category's total (like streaming), price increases, a merchant's charge history, how your negotiations are going, your rewards balance, and how to cancel or negotiate a bill.";

const HOW_TO_CANCEL = (name: string) =>
  `To cancel ${name}: sign in to ${name}'s website or app, open the account or billing settings and choose cancel; do it a day or two before the next charge. Keep the confirmation email, and watch your next statement to be sure the charge stops.`;

const HOW_TO_NEGOTIATE = (name: string) =>
  `To lower ${name}: Billow can negotiate for you for free, and you keep all the savings — turn on Bill Negotiation in your profile settings. Doing it yourself: call ${name}, ask for the retention team, mention a competitor's price, and ask for a lower rate or a promotional plan.`;

/** The answer to the last question, from the person's own data. */
export async function demoAnswer(rawQuestion: string, finances: FinanceReader): Promise<string> {
  const q = rawQuestion.toLowerCase().replace(/[’]/g, "'");
  const all = await finances.subscriptions();
  const live = all.filter(isLive);
  const merchant = merchantIn(q, all);

  if (asksNegotiationStatus(q)) {
    return negotiationAnswer(q, await finances.negotiations(), merchant?.merchant_name);
  }
  if (/\bcancel/.test(q)) return HOW_TO_CANCEL(merchant?.merchant_name ?? 'a subscription');
  if (/negotiat|\blower\b|\breduce\b|cheaper/.test(q)) {
    return HOW_TO_NEGOTIATE(merchant?.merchant_name ?? 'a bill');
  }
  if (merchant) {
    const charges = await finances.charges(merchant.id);
    const recent = charges.slice(0, 6);
    const lines = recent.map((c) => `- ${c.date}: ${formatDollars(c.amount)}`).join('\n');
    const total = sumDollars(charges.map((c) => c.amount));
    const next = merchant.renewal_date ? ` Next charge ${dueWords(merchant)}.` : '';
    return `${merchant.merchant_name}: ${plural(charges.length, 'charge')} so far, ${formatDollars(total)} in total.${next}${lines ? `\nMost recent:\n${lines}` : ''}`;
  }
  if (/reward/.test(q)) {
    return `Your rewards balance is ${formatDollars(await finances.rewardsBalance())}.`;
  }
  if (
    /price (increase|hike|rise|change)|increase|went up|gone up|go up|raised|more expensive/.test(q)
  ) {
    const raised = live.filter((s) => s.is_price_increase);
    if (raised.length === 0) return 'None of your subscriptions has raised its price lately.';
    const lines = raised.map((s) =>
      s.previous_amount === null
        ? `- ${s.merchant_name}: now ${formatDollars(s.amount)}`
        : `- ${s.merchant_name}: ${formatDollars(s.previous_amount)} → ${formatDollars(s.amount)}`,
    );
    return `${plural(raised.length, 'subscription')} raised the price:\n${lines.join('\n')}`;
  }
  if (/week|due soon|coming up|upcoming/.test(q)) return dueAnswer(dueThisWeek(all), 'this week');
  if (/\bdue\b.*month|month.*\bdue\b|this month/.test(q)) {
    return dueAnswer(dueThisMonth(all, await finances.today()), 'this month');
  }
  if (/biggest|largest|most expensive|highest|top\b|costs? the most/.test(q)) {
    const top = [...live]
      .sort((a, b) => b.normalized_monthly_amount - a.normalized_monthly_amount)
      .slice(0, 3);
    if (top.length === 0) return 'You have no active subscriptions yet.';
    const lines = top.map(
      (s) => `- ${s.merchant_name}: ${formatDollars(s.normalized_monthly_amount)} a month`,
    );
    return `Your biggest subscriptions:\n${lines.join('\n')}`;
  }
  const category = categoryIn(q);
  if (category) {
    const inCategory = live.filter((s) => s.category === category);
    const words = category.replace('_', ' ');
    if (inCategory.length === 0) return `You have no active ${words} subscriptions.`;
    const names = inCategory.map((s) => s.merchant_name).join(', ');
    return `You pay ${formatDollars(monthly(inCategory))} a month for ${words} (${names}).`;
  }
  if (/total|per month|a month|monthly|spend|how much|cost/.test(q)) {
    if (live.length === 0) return 'You have no active subscriptions yet.';
    return `You pay ${formatDollars(monthly(live))} a month across ${plural(live.length, 'active subscription')}.`;
  }
  if (/\b(list|all|which|what) (my )?(subscriptions|bills)|subscriptions do i have/.test(q)) {
    if (live.length === 0) return 'You have no active subscriptions yet.';
    const lines = live.map(
      (s) => `- ${s.merchant_name}: ${formatDollars(s.amount)} (${s.cadence.toLowerCase()})`,
    );
    return `Your ${plural(live.length, 'active subscription')}:\n${lines.join('\n')}`;
  }
  if (/^(hi|hello|hey)\b/.test(q)) return `Hello! ${CAPABILITIES}`;
  return `I can't answer that yet in demo mode. ${CAPABILITIES}`;
}
