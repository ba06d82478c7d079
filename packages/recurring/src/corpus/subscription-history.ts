/**
 * Writes one subscription's charges into a synthetic history, with the noise real bank data
 * has: posting lag and weekend shifts (±3 days), skipped cycles and freezes, price changes, usage-based
 * amounts, a $0/$1 trial, failed payments reversed and retried days later (sometimes moving
 * the billing day for good), duplicate charges refunded, full and partial refunds, a final
 * payment that failed, and cancellation. Returns the label for what it wrote.
 */
import { CADENCE_RULES, type KnownCadence } from '../cadence';
import { addMonths, dateInMonth, formatIsoDate, monthIndexOf, weekday } from '../dates';
import type { Random } from './prng';
import type { SubscriptionTemplate } from './templates';

/** The kinds of trouble a true stream went through, so the bench can report recall for each. */
export type NoiseKind =
  | 'posting-lag'
  | 'skipped-cycle'
  | 'freeze'
  | 'price-change'
  | 'variable-amount'
  | 'trial'
  | 'trial-only'
  | 'retry-after-failure'
  | 'billing-day-moved'
  | 'duplicate-refunded'
  | 'refunded'
  | 'partial-credit'
  | 'failed-last'
  | 'cancelled'
  | 'resubscribed'
  | 'mixed-descriptors'
  | 'second-at-merchant';

export type TrueStream = {
  key: string;
  cadence: KnownCadence;
  transactionIds: string[];
  /** YYYY-MM-DD of the first nominal charge after the last one in the history. */
  nextDate: string;
  noise: NoiseKind[];
};

export type Emit = (day: number, description: string, amount: number) => string;

type StreamPlan = {
  template: SubscriptionTemplate;
  price: number;
  /** First nominal charge (trial included). */
  startsAt: number;
  windowStart: number;
  windowEnd: number;
  /** Nominal cycles after which the user cancels; Infinity for never. */
  cyclesBeforeCancel: number;
  canTrial: boolean;
  describe: (day: number) => string;
  /** Noise decided by the caller (descriptor mixing, a second subscription, a resubscription). */
  noise: NoiseKind[];
};

/** Nominal billing dates from `first` until well past the end of the window. */
function nominalSchedule(
  random: Random,
  template: SubscriptionTemplate,
  first: number,
  until: number,
): number[] {
  const dates: number[] = [];
  const cadence = template.cadence;
  if (cadence === 'DAILY' || cadence === 'WEEKLY' || cadence === 'BIWEEKLY') {
    const period = CADENCE_RULES[cadence].periodDays;
    for (let day = first; day <= until; day += period) dates.push(day);
    return dates;
  }
  if (cadence === 'SEMI_MONTHLY') {
    const [a, b] = random.pick(template.semiDays ?? [[1, 15]]);
    for (let month = monthIndexOf(first) - 1; ; month++) {
      const pair = [dateInMonth(month, a), dateInMonth(month, b)];
      if ((pair[0] ?? 0) > until) break;
      for (const day of pair) if (day >= first && day <= until) dates.push(day);
    }
    return dates;
  }
  const step = cadence === 'MONTHLY' ? 1 : cadence === 'QUARTERLY' ? 3 : 12;
  const anchorDay = template.monthEnd ? 31 : Number(formatIsoDate(first).slice(8));
  for (let month = monthIndexOf(first); ; month += step) {
    const day = dateInMonth(month, anchorDay);
    if (day > until) break;
    if (day >= first) dates.push(day);
  }
  return dates;
}

/** Weekends roll to Monday (or back to Friday for some billers), then 0–3 days of posting lag. */
function postingDay(
  random: Random,
  nominal: number,
  rollsBack: boolean,
  cadence: KnownCadence,
): number {
  if (cadence === 'DAILY') return nominal + (random.chance(0.04) ? 1 : 0);
  let day = nominal;
  const dow = weekday(day);
  if (dow === 6) day += rollsBack ? -1 : 2;
  if (dow === 0) day += rollsBack ? -2 : 1;
  const lag = random.weighted([0, 1, 2, 3], [0.55, 0.25, 0.12, 0.08]);
  day += cadence === 'WEEKLY' ? Math.min(lag, 1) : lag;
  return Math.min(nominal + 3, Math.max(nominal - 2, day));
}

function amountFor(
  random: Random,
  template: SubscriptionTemplate,
  base: number,
  day: number,
): number {
  if (template.amountKind === 'telecom') {
    const overage = random.chance(0.15) ? random.between(1.1, 1.3) : 1;
    return base * overage * (1 + random.between(-0.04, 0.04));
  }
  if (template.amountKind === 'utility') {
    const month = monthIndexOf(day) % 12;
    const season = Math.cos((2 * Math.PI * (month - 0.5)) / 12);
    return base * (1 + 0.28 * season + random.between(-0.12, 0.12));
  }
  return base;
}

function raisedPrice(random: Random, price: number): number {
  const raised = Math.floor(price * random.between(1.06, 1.25)) + 0.99;
  return raised > price ? raised : price + 1;
}

/**
 * The minimum-charge rule (docs/subscriptions.md, "How a subscription is found"), applied with the
 * generator's own knowledge of the merchant.
 */
function meetsMinimumCharges(template: SubscriptionTemplate, successful: number): boolean {
  if (template.cadence === 'DAILY') return successful >= 10;
  if (template.cadence === 'YEARLY') return successful >= 2;
  if (template.cadence === 'MONTHLY' && template.isKnown) return successful >= 2;
  return successful >= 3;
}

export function writeSubscription(random: Random, plan: StreamPlan, emit: Emit): TrueStream | null {
  const { template, windowStart, windowEnd, describe } = plan;
  const cadence = template.cadence;
  const isSlow = cadence === 'YEARLY' || cadence === 'QUARTERLY';
  const hasTrial =
    plan.canTrial &&
    template.canTrial === true &&
    plan.startsAt >= windowStart &&
    random.chance(0.3);
  const firstBill = hasTrial ? addMonths(plan.startsAt, 1) : plan.startsAt;
  let nominal = nominalSchedule(random, template, firstBill, windowEnd + 400).filter(
    (day) => day >= windowStart,
  );
  const rollsBack = random.chance(0.3);
  const canChangePrice =
    template.amountKind === 'fixed' &&
    cadence !== 'YEARLY' &&
    cadence !== 'DAILY' &&
    plan.price >= 3;
  const priceChanges = canChangePrice ? random.weighted([0, 1, 2], [0.65, 0.28, 0.07]) : 0;
  const inWindow = nominal.filter((day) => day <= windowEnd).length;
  const priceChangeCycles = new Set<number>();
  for (let i = 0; i < priceChanges; i++)
    priceChangeCycles.add(random.int(2, Math.max(2, inWindow - 1)));
  const skipRate = template.group === 'mealkit' ? 0.08 : cadence === 'DAILY' || isSlow ? 0 : 0.025;
  const failsLast =
    plan.cyclesBeforeCancel === Infinity && cadence !== 'DAILY' && random.chance(0.05);
  // A freeze (gym, meal kit): a few cycles with no charge, then billing resumes on the same day.
  const canFreeze =
    (cadence === 'MONTHLY' || cadence === 'WEEKLY') && inWindow > 10 && random.chance(0.04);
  const freezeFrom = canFreeze ? random.int(3, inWindow - 6) : -1;
  const freezeCycles = cadence === 'WEEKLY' ? random.int(3, 6) : random.int(2, 3);
  let price = plan.price;
  let hasMovedBillingDay = false;

  const ids: string[] = [];
  const noise = new Set<NoiseKind>(plan.noise);
  if (template.amountKind !== 'fixed') noise.add('variable-amount');
  if (plan.cyclesBeforeCancel !== Infinity) noise.add('cancelled');
  let successful = 0;
  let next: number | null = null;
  if (hasTrial) {
    noise.add('trial');
    ids.push(emit(plan.startsAt, describe(plan.startsAt), random.pick([0, 1])));
    successful++;
  }
  for (let cycle = 0; cycle < nominal.length; cycle++) {
    const day = nominal[cycle] ?? 0;
    if (cycle >= plan.cyclesBeforeCancel) {
      next = day;
      break;
    }
    if (priceChangeCycles.has(cycle)) {
      price = random.chance(0.85) ? raisedPrice(random, price) : Math.floor(price * 0.85) + 0.99;
      noise.add('price-change');
    }
    const posted = postingDay(random, day, rollsBack, cadence);
    if (posted !== day) noise.add('posting-lag');
    if (posted > windowEnd) {
      next = day;
      break;
    }
    const isLast =
      (nominal[cycle + 1] ?? Infinity) > windowEnd || cycle + 1 >= plan.cyclesBeforeCancel;
    const isMiddle = cycle >= 2 && !isLast && (nominal[cycle + 2] ?? Infinity) <= windowEnd;
    if (isMiddle && random.chance(skipRate)) {
      noise.add('skipped-cycle');
      continue;
    }
    if (canFreeze && cycle >= freezeFrom && cycle < freezeFrom + freezeCycles) {
      noise.add('freeze');
      continue;
    }
    const amount = Math.round(amountFor(random, template, price, day) * 100) / 100;
    const charge = (on: number): string => emit(on, describe(on), amount);
    if (isLast && failsLast) {
      ids.push(charge(posted));
      emit(Math.min(windowEnd, posted + random.int(1, 3)), `REVERSAL ${describe(posted)}`, -amount);
      noise.add('failed-last');
      continue;
    }
    if (isMiddle && cadence !== 'DAILY' && random.chance(0.035)) {
      // Failed payment: the bank posts and reverses it, the merchant retries a few days later.
      ids.push(charge(posted));
      emit(posted + random.int(1, 2), `RETURNED ITEM ${describe(posted)}`, -amount);
      const retry = posted + (cadence === 'WEEKLY' ? random.int(2, 3) : random.int(3, 6));
      ids.push(charge(retry));
      successful++;
      noise.add('retry-after-failure');
      // Some card-billed services bill on the retry's date from then on (once, if ever).
      if (cadence === 'MONTHLY' && !hasMovedBillingDay && random.chance(0.25)) {
        hasMovedBillingDay = true;
        noise.add('billing-day-moved');
        const shift = retry - day;
        nominal = nominal.map((later, index) => (index > cycle ? later + shift : later));
      }
      continue;
    }
    ids.push(charge(posted));
    successful++;
    if (isMiddle && random.chance(0.012)) {
      const duplicate = posted + random.int(0, 1);
      ids.push(charge(duplicate));
      emit(duplicate + random.int(2, 7), describe(duplicate), -amount);
      noise.add('duplicate-refunded');
    } else if (isMiddle && random.chance(0.01)) {
      emit(posted + random.int(1, 8), `REFUND ${describe(posted)}`, -amount);
      noise.add('refunded');
    } else if (random.chance(0.02)) {
      emit(
        posted + random.int(1, 20),
        describe(posted),
        -Math.round(random.between(1, amount * 0.5) * 100) / 100,
      );
      noise.add('partial-credit');
    }
  }
  if (next === null) next = nominal.find((day) => day > windowEnd) ?? windowEnd;
  if (hasTrial && successful === 1 && ids.length === 1) {
    // Signed up for a trial that has not converted yet: a running trial, if a recent one.
    if (plan.startsAt < windowEnd - 30) return null;
    return {
      key: `${template.key}-trial`,
      cadence: 'MONTHLY',
      transactionIds: ids,
      nextDate: formatIsoDate(firstBill),
      noise: ['trial-only'],
    };
  }
  if (!meetsMinimumCharges(template, successful)) return null;
  return {
    key: template.key,
    cadence,
    transactionIds: ids,
    nextDate: formatIsoDate(next),
    noise: [...noise].sort(),
  };
}
