/**
 * Builds labelled synthetic transaction histories: each user gets a handful of true streams
 * (see subscription-history.ts for the noise each carries, plus running trials and
 * cancel-then-resubscribe pairs) mixed into habitual spending that is not recurring — coffee,
 * groceries, rides, fuel, marketplaces, restaurants, transfers, ATM cash, haircuts — and
 * paychecks. Everything is drawn from one seed, so the corpus is identical on every run.
 */
import { CADENCE_RULES } from '../cadence';
import { addMonths, daysFromCivil, formatIsoDate, weekday } from '../dates';
import type { Transaction } from '../types';
import { createRandom, type Random } from './prng';
import {
  writeSubscription,
  type Emit,
  type NoiseKind,
  type TrueStream,
} from './subscription-history';
import { HABITS, SUBSCRIPTIONS, type HabitTemplate, type SubscriptionTemplate } from './templates';

export type { TrueStream } from './subscription-history';

export type UserHistory = {
  userId: string;
  asOf: string;
  transactions: Transaction[];
  streams: TrueStream[];
};

type CorpusOptions = { seed: number; users: number; months?: number };

/** Every history ends here, so labels and `asOf` are the same for all users. */
const END = daysFromCivil(2026, 3, 31);

type Fill = (pattern: string, day: number) => string;

export function generateCorpus(options: CorpusOptions): UserHistory[] {
  const histories: UserHistory[] = [];
  for (let user = 0; user < options.users; user++) {
    histories.push(generateUser(options.seed * 100_003 + user, `u${user}`, options.months ?? 24));
  }
  return histories;
}

function generateUser(seed: number, userId: string, months: number): UserHistory {
  const random = createRandom(seed);
  const start = addMonths(END, -months) + 1;
  const transactions: Transaction[] = [];
  const account = random.pick(['chk-1', 'cc-1']);
  const emit: Emit = (day, description, amount) => {
    const id = `${userId}-${transactions.length}`;
    const rounded = Math.round(amount * 100) / 100;
    transactions.push({
      id,
      date: formatIsoDate(day),
      description,
      amount: rounded,
      account_id: account,
    });
    return id;
  };
  const stores = [String(random.int(100, 9999)), String(random.int(100, 9999))];
  const fill: Fill = (pattern, day) =>
    pattern
      .replaceAll('{ref}', () => random.reference(random.int(8, 10)))
      .replaceAll('{store}', () => (random.chance(0.8) ? stores[0] : stores[1]) ?? '')
      .replaceAll('{mmdd}', formatIsoDate(day).slice(5).replace('-', '/'));

  const streams: TrueStream[] = [];
  const pricesTaken = new Map<string, number>();
  for (const template of pickSubscriptions(random)) {
    // A second subscription at one descriptor differs in price, or nobody could tell them apart.
    const isSecond = pricesTaken.has(template.key);
    const prices = template.prices.filter((price) => price !== pricesTaken.get(template.key));
    const price = random.pick(prices.length > 0 ? prices : template.prices);
    pricesTaken.set(template.key, price);
    streams.push(...writeRuns(random, template, price, start, fill, emit, isSecond));
  }
  addTrials(random, start, fill, emit, streams);
  const intensity = random.between(0.5, 1.5);
  for (const habit of pickHabits(random)) writeHabit(random, habit, start, intensity, fill, emit);

  transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { userId, asOf: formatIsoDate(END), transactions, streams };
}

/** One subscription, or — for a few — two runs with a pause between (cancelled, then back). */
function writeRuns(
  random: Random,
  template: SubscriptionTemplate,
  price: number,
  windowStart: number,
  fill: Fill,
  emit: Emit,
  isSecond: boolean,
): TrueStream[] {
  const period = CADENCE_RULES[template.cadence].periodDays;
  const isYearly = template.cadence === 'YEARLY';
  const isLongRunning = isYearly || random.chance(0.45);
  const startsAt = isLongRunning
    ? windowStart - random.int(0, Math.round(period) - 1)
    : random.int(windowStart, END - 20);
  const cycles = Math.floor((END - Math.max(startsAt, windowStart)) / period);
  const mixesDescriptors = random.chance(0.25);
  const descriptor = random.pick(template.descriptors);
  const describe = (day: number): string =>
    fill(mixesDescriptors ? random.pick(template.descriptors) : descriptor, day);
  const noise: NoiseKind[] = [
    ...(mixesDescriptors && template.descriptors.length > 1
      ? (['mixed-descriptors'] as const)
      : []),
    ...(isSecond ? (['second-at-merchant'] as const) : []),
  ];
  const plan = {
    template,
    price,
    startsAt,
    windowStart,
    windowEnd: END,
    canTrial: true,
    describe,
    noise,
  };

  const canResume =
    template.cadence === 'MONTHLY' ||
    template.cadence === 'WEEKLY' ||
    template.cadence === 'BIWEEKLY';
  if (canResume && cycles > 10 && random.chance(0.06)) {
    const firstRun = random.int(4, Math.floor(cycles / 2));
    const pauseStart = Math.max(startsAt, windowStart) + Math.round(firstRun * period);
    // A new subscription bills on a new day; one resuming on the old day is a freeze, not this.
    let resumeAt = pauseStart + random.int(90, 240);
    while (!isNewBillingDay(template, startsAt, resumeAt)) resumeAt++;
    const runs = [writeSubscription(random, { ...plan, cyclesBeforeCancel: firstRun }, emit)];
    if (resumeAt < END - 3 * period) {
      const resumed = {
        ...plan,
        startsAt: resumeAt,
        canTrial: false,
        cyclesBeforeCancel: Infinity,
        noise: [...noise, 'resubscribed' as const],
      };
      const second = writeSubscription(random, resumed, emit);
      const [first] = runs;
      // A resubscription is one subscription with a gap: the app shows one entry whose status
      // follows the latest charges.
      if (first && second) {
        return [
          {
            ...second,
            key: first.key,
            transactionIds: [...first.transactionIds, ...second.transactionIds],
            noise: [...new Set([...first.noise, ...second.noise])],
          },
        ];
      }
      runs.push(second);
    }
    return runs.filter((run): run is TrueStream => run !== null);
  }
  const isCancelled = !isYearly && cycles > 4 && random.chance(0.22);
  const cyclesBeforeCancel = isCancelled ? random.int(3, cycles - 1) : Infinity;
  const stream = writeSubscription(random, { ...plan, cyclesBeforeCancel }, emit);
  return stream ? [stream] : [];
}

function isNewBillingDay(template: SubscriptionTemplate, first: number, resumed: number): boolean {
  if (template.cadence === 'WEEKLY') return [3, 4].includes((((resumed - first) % 7) + 7) % 7);
  if (template.cadence === 'BIWEEKLY') {
    const phase = (((resumed - first) % 14) + 14) % 14;
    return phase >= 4 && phase <= 10;
  }
  const gap = Math.abs(
    Number(formatIsoDate(resumed).slice(8)) - Number(formatIsoDate(first).slice(8)),
  );
  return Math.min(gap, 30 - gap) >= 6;
}

function pickSubscriptions(random: Random): SubscriptionTemplate[] {
  const count = random.int(4, 12);
  const picked: SubscriptionTemplate[] = [];
  const groups = new Set<string>();
  for (let tries = 0; picked.length < count && tries < 100; tries++) {
    const template = random.weighted(
      SUBSCRIPTIONS,
      SUBSCRIPTIONS.map((t) => t.weight),
    );
    if (groups.has(template.group)) continue;
    groups.add(template.group);
    picked.push(template);
    if (template.allowSecond && random.chance(0.5)) picked.push(template);
  }
  return picked;
}

/** A trial still running at the end of the window (a true stream), or one abandoned long ago (not). */
function addTrials(
  random: Random,
  windowStart: number,
  fill: Fill,
  emit: Emit,
  streams: TrueStream[],
): void {
  const trialTemplates = SUBSCRIPTIONS.filter(
    (t) => t.canTrial && !streams.some((s) => s.key === t.key),
  );
  if (trialTemplates.length === 0) return;
  if (random.chance(0.15)) {
    const template = random.pick(trialTemplates);
    const day = END - random.int(3, 27);
    const id = emit(day, fill(random.pick(template.descriptors), day), random.pick([0, 1]));
    streams.push({
      key: `${template.key}-trial`,
      cadence: 'MONTHLY',
      transactionIds: [id],
      nextDate: formatIsoDate(addMonths(day, 1)),
      noise: ['trial-only'],
    });
  }
  if (random.chance(0.12)) {
    const template = random.pick(trialTemplates);
    const day = random.int(windowStart, END - 70);
    emit(day, fill(random.pick(template.descriptors), day), random.pick([0, 1]));
  }
}

function pickHabits(random: Random): HabitTemplate[] {
  const picked = new Set<HabitTemplate>();
  const count = random.int(8, 14);
  for (let tries = 0; picked.size < count && tries < 200; tries++) {
    picked.add(
      random.weighted(
        HABITS,
        HABITS.map((h) => h.weight),
      ),
    );
  }
  return [...picked];
}

function writeHabit(
  random: Random,
  habit: HabitTemplate,
  windowStart: number,
  intensity: number,
  fill: Fill,
  emit: Emit,
): void {
  const drawAmount = (): number =>
    habit.menu && random.chance(0.45)
      ? random.pick(habit.menu)
      : random.between(habit.range[0], habit.range[1]);
  const sign = habit.isInflow ? -1 : 1;
  if (habit.gapDays) {
    const [minGap, maxGap] = habit.gapDays;
    for (
      let day = windowStart + random.int(0, maxGap);
      day <= END;
      day += random.int(minGap, maxGap)
    ) {
      emit(day, fill(random.pick(habit.descriptors), day), sign * drawAmount());
    }
    return;
  }
  const perDay =
    (habit.visitsPerWeek * intensity) / (habit.weekdaysOnly || habit.weekday !== undefined ? 5 : 7);
  for (let day = windowStart; day <= END; day++) {
    const dow = weekday(day);
    if (habit.weekdaysOnly && (dow === 0 || dow === 6)) continue;
    if (habit.weekday !== undefined) {
      if (dow === habit.weekday && random.chance(0.85))
        emit(day, fill(random.pick(habit.descriptors), day), sign * drawAmount());
      continue;
    }
    for (let visits = perDay; visits > 0; visits -= 1) {
      if (random.chance(Math.min(1, visits)))
        emit(day, fill(random.pick(habit.descriptors), day), sign * drawAmount());
    }
  }
}
