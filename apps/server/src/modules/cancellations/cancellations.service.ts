/**
 * Cancelling a subscription for the person (docs/cancellations.md): what the merchant accepts,
 * opening one cancellation per bill (asking twice answers the open one), the person's "I've
 * cancelled", and watching the bank afterwards. A cancellation is VERIFIED when the bank shows
 * no charge by the next expected date plus a grace; a charge after it was confirmed raises an
 * alert instead. What follows elsewhere (the saving, the subscription's status, the alert) goes
 * out through `effects`, in the transaction that decided it.
 */
import {
  CANCELLATION_GRACE_DAYS,
  CHARGES_PER_YEAR,
  cancellationGuideOf,
  cancellationOf,
  cancellationWaysFor,
  centsToDollars,
  findMerchant,
  requiredUserInfoLabels,
  type Cadence,
  type Cancellation,
  type CancellationOptions,
  type CancellationWay,
  type RequiredUserInfoField,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { FieldCipher } from '../../security/encryption';
import { stillToAsk, type KnownPerson } from '../../calls/known-answers';
import { validateRequiredInfo } from '../../calls/required-info';
import { letterFor, stepsFor, yearlyCents } from './cancellation-guide';
import { toView } from './cancellation-view';
import type { CancellationRow, CancellationsRepo } from './cancellations.repo';

/** A bill as the subscriptions module tells it. */
export type Bill = {
  id: string;
  merchantName: string;
  merchantWebsite: string | null;
  amountCents: number;
  cadence: string;
  status: string;
  renewalDate: string | null;
  lastChargeDate: string;
  userMarkedNotSubscription: boolean;
};

type CancellationEffects = {
  /** A verified cancellation: a year of the bill saved, and the subscription ends. */
  verified(cancellation: CancellationRow, on: string, tx: Db): Promise<void>;
  /** The bank showed a charge after the cancellation was confirmed. */
  chargedAfter(cancellation: CancellationRow, charge: Charge, tx: Db): Promise<void>;
};
type Charge = { date: string; amountCents: number };

type Answers = Partial<Record<RequiredUserInfoField, string>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

const notFound = () =>
  new ProblemError('subscription-not-found', 'Subscription not found.', {
    code: 'subscription-not-found',
  });

export function createCancellationsService(deps: {
  repo: CancellationsRepo;
  cipher: FieldCipher;
  jobs: JobQueue<AppJobMap>;
  billOf(userId: string, subscriptionId: string): Promise<Bill | undefined>;
  personOf(userId: string): Promise<KnownPerson>;
  chargesOf(userId: string, subscriptionId: string, after: string): Promise<Charge[]>;
  syncedThrough(userId: string): Promise<string | null>;
  effects: CancellationEffects;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;

  async function ownBill(userId: string, subscriptionId: string) {
    const bill = await deps.billOf(userId, subscriptionId);
    if (!bill || bill.userMarkedNotSubscription) throw notFound();
    return bill;
  }

  function asked(bill: Bill, person: KnownPerson) {
    const merchant = findMerchant(bill);
    return stillToAsk(person, merchant?.negotiation?.requiredUserInfo ?? {});
  }

  async function views(rows: CancellationRow[]): Promise<Cancellation[]> {
    const ids = rows.map((r) => r.id);
    const [calls, charges] = await Promise.all([repo.latestCalls(ids), repo.chargesOf(ids)]);
    return rows.map((row) =>
      toView(
        row,
        calls.find((c) => c.cancellationId === row.id),
        charges,
      ),
    );
  }
  const viewOf = async (row: CancellationRow) => (await views([row]))[0]!;

  /** Confirms an open cancellation (by the merchant's number or the person's word) and starts watching. */
  async function confirm(
    row: CancellationRow,
    confirmationNumber: string | null,
    reason: string,
    then?: (tx: Db) => Promise<void>,
  ) {
    const bill = await deps.billOf(row.userId, row.subscriptionId);
    const today = isoDay(now());
    const lastCharge = bill?.lastChargeDate ?? today;
    const expected =
      bill?.renewalDate && bill.renewalDate >= today
        ? bill.renewalDate
        : addDays(today, Math.ceil(365 / (CHARGES_PER_YEAR[bill?.cadence as Cadence] ?? 12)));
    const watchUntil = addDays(expected, CANCELLATION_GRACE_DAYS);
    const secondsToWatch = Math.max(
      0,
      (Date.parse(`${watchUntil}T12:00:00Z`) - now().getTime()) / 1000,
    );
    return repo.transition(
      row.id,
      ['REQUESTED', 'IN_PROGRESS'],
      'CONFIRMED',
      { confirmationNumber, confirmedAt: now(), chargedThrough: lastCharge, watchUntil },
      reason,
      async (tx) => {
        await then?.(tx);
        // Looked at again on the day the watch ends (and after every sync before then).
        await deps.jobs.send(
          'cancellation-verify',
          { cancellationId: row.id },
          { tx, singletonKey: row.id, startAfterSeconds: Math.round(secondsToWatch) },
        );
      },
    );
  }

  /** Ends an open cancellation as FAILED with its reason and what to try next. */
  function fail(
    row: CancellationRow,
    reason: string,
    nextStep: string,
    then?: (tx: Db) => Promise<void>,
  ) {
    return repo.transition(
      row.id,
      ['REQUESTED', 'IN_PROGRESS'],
      'FAILED',
      { failureReason: reason, nextStep },
      reason,
      then,
    );
  }

  /** Looks at the bank for one confirmed cancellation: an alert per late charge, or VERIFIED. */
  async function verify(cancellationId: string) {
    const row = await repo.get(cancellationId);
    if (!row || row.status !== 'CONFIRMED' || !row.chargedThrough || !row.watchUntil) return;
    const charges = (
      await deps.chargesOf(row.userId, row.subscriptionId, row.chargedThrough)
    ).filter((c) => c.date > row.chargedThrough! && c.amountCents > 0);
    if (charges.length > 0) {
      for (const charge of charges)
        await repo.recordChargeThen(row.id, charge.date, charge.amountCents, (tx) =>
          deps.effects.chargedAfter(row, charge, tx),
        );
      return;
    }
    const through = await deps.syncedThrough(row.userId);
    if (!through || through < row.watchUntil) return;
    const on = isoDay(now());
    await repo.transition(
      row.id,
      ['CONFIRMED'],
      'VERIFIED',
      { verifiedAt: now() },
      `The bank showed no charge through ${row.watchUntil}.`,
      (tx) => deps.effects.verified(row, on, tx),
    );
  }

  return {
    async options(userId: string, subscriptionId: string): Promise<CancellationOptions> {
      const bill = await ownBill(userId, subscriptionId);
      const person = await deps.personOf(userId);
      const merchant = findMerchant(bill);
      const guide = cancellationOf(merchant);
      const latest = (await repo.ofUser(userId)).find((r) => r.subscriptionId === subscriptionId);
      return {
        subscription_id: bill.id,
        merchant_name: bill.merchantName,
        yearly_cost: centsToDollars(yearlyCents(bill.amountCents, bill.cadence)),
        guide: cancellationGuideOf(guide, !merchant),
        ways: cancellationWaysFor(guide),
        steps: stepsFor(bill.merchantName, guide),
        letter: letterFor(bill.merchantName, person, isoDay(now())),
        required_user_info: asked(bill, person) as Record<string, string>,
        cancellation: latest ? await viewOf(latest) : null,
      };
    },

    async cancel(
      userId: string,
      body: {
        subscriptionId: string;
        method: CancellationWay;
        requiredInfo: Record<string, string>;
        allowRetentionOffer: boolean;
      },
    ): Promise<Cancellation> {
      const bill = await ownBill(userId, body.subscriptionId);
      // Asking again answers the open cancellation, whichever way it was asked.
      const open = await repo.openOf(bill.id);
      if (open) return viewOf(open);
      if (bill.status === 'CANCELLED')
        throw new ProblemError('conflict', `${bill.merchantName} is cancelled already.`, {
          code: 'already-cancelled',
        });
      const merchant = findMerchant(bill);
      const way = cancellationWaysFor(cancellationOf(merchant)).find((w) => w.way === body.method)!;
      if (!way.is_available)
        throw new ProblemError('bad-request', way.unavailable_reason ?? 'Not available.', {
          code: 'way-not-available',
        });
      let answers: Answers = {};
      if (body.method === 'call') {
        const checked = validateRequiredInfo(
          asked(bill, await deps.personOf(userId)),
          body.requiredInfo,
          isoDay(now()),
        );
        const missing = checked.errors.filter((e) => e.code === 'required');
        if (missing.length > 0)
          throw new ProblemError('validation', 'The merchant needs more information for a call.', {
            status: 422,
            errors: missing,
            code: 'required-info-missing',
          });
        if (checked.errors.length > 0)
          throw new ProblemError('validation', 'Some of the information is not valid.', {
            errors: checked.errors,
            code: 'required-info-invalid',
          });
        answers = checked.answers;
      }
      const opened = await repo.open(
        {
          userId,
          subscriptionId: bill.id,
          merchantName: bill.merchantName,
          merchantId: merchant?.id ?? null,
          way: body.method,
          status: 'REQUESTED',
          allowRetentionOffer: body.method === 'call' && body.allowRetentionOffer,
          answersEncrypted:
            Object.keys(answers).length > 0 ? deps.cipher.encrypt(JSON.stringify(answers)) : null,
          amountCents: bill.amountCents,
          yearlyCents: yearlyCents(bill.amountCents, bill.cadence),
          requestedAt: now(),
        },
        async (row, tx) => {
          if (row.way !== 'call') return;
          await deps.jobs.send(
            'cancellation-call',
            { cancellationId: row.id, attempt: 1, try: 1 },
            { tx, singletonKey: `${row.id}:1`, priority: 50 },
          );
        },
      );
      // Another request opened one first: that one is the answer.
      const row = opened ?? (await repo.openOf(bill.id));
      if (!row) throw notFound();
      return viewOf(row);
    },

    async list(userId: string) {
      return views(await repo.ofUser(userId));
    },

    /** "I've cancelled": the person's word for a cancellation they (or their letter) made. */
    async confirmByPerson(userId: string, cancellationId: string, number: string | undefined) {
      const row = await repo.own(userId, cancellationId);
      if (!row)
        throw new ProblemError('not-found', 'Cancellation not found.', {
          code: 'cancellation-not-found',
        });
      if (row.status === 'CONFIRMED') return viewOf(row);
      const isWaiting = row.way !== 'call' && row.status === 'REQUESTED';
      if (
        !isWaiting ||
        !(await confirm(row, number?.trim() || null, 'The person said they cancelled.'))
      )
        throw new ProblemError('conflict', 'This cancellation is not waiting for your word.', {
          code: 'cancellation-not-waiting',
        });
      return viewOf((await repo.get(row.id))!);
    },

    confirm,
    fail,
    verify,
    /** After a sync: every confirmed cancellation of the person is looked at again. */
    async verifyPerson(userId: string) {
      for (const row of await repo.confirmedOf(userId)) await verify(row.id);
    },
    answersOf(row: CancellationRow): Answers {
      return row.answersEncrypted
        ? (JSON.parse(deps.cipher.decrypt(row.answersEncrypted)) as Answers)
        : {};
    },
    labelOf: (field: RequiredUserInfoField) => requiredUserInfoLabels[field].toLowerCase(),
  };
}

export type CancellationsService = ReturnType<typeof createCancellationsService>;
