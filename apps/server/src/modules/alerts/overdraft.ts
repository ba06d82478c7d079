/**
 * Overdraft protection: the primary account's available balance against the bills due before
 * the next expected paycheck. When it falls short, the person is alerted once per shortfall (the
 * account and the paycheck it falls short before), and the dashboard shows the risk as it stands.
 * The daily check works a page of people at a time: each read covers the page in one statement.
 */
import { centsToDollars, type OverdraftRisk } from '@billow/contracts';
import type { Db } from '../../db/database';
import { JOB_LIMITS } from '../../jobs/job-map';
import { addDays, dollars, shortDate } from './alert-dates';
import type { AlertsRepo } from './alerts.repo';
import type { AlertSources, ReminderChannels } from './alerts.service';
import { groupBy } from './group-by';
import { nextPaycheck } from './paycheck';

/** How far back inflows are read for the paychecks they repeat. */
const PAYCHECK_LOOKBACK_DAYS = 100;

type Account = Awaited<ReturnType<AlertSources['banking']['activeAccountsOf']>>[number];

/** The account bills come out of: the primary payment account, else a checking account. */
function primaryAccount(accounts: Account[]) {
  return (
    accounts.find((a) => a.isPrimaryPaymentAccount) ??
    accounts.find((a) => a.type === 'depository' && a.subtype === 'checking') ??
    accounts.find((a) => a.type === 'depository')
  );
}

const earliest = (days: string[]) => days.reduce((a, b) => (a < b ? a : b));
const latest = (days: string[]) => days.reduce((a, b) => (a > b ? a : b));

export function createOverdraftAlerts(deps: {
  db: Db;
  repo: AlertsRepo;
  bills: AlertSources['bills'];
  banking: AlertSources['banking'];
  people: AlertSources['people'];
  reminders: ReminderChannels;
}) {
  const { db, repo, reminders } = deps;

  /**
   * The primary account against the bills due before the next paycheck, for each of these
   * people (with overdraft protection on) whose account falls short: what the alert texts and
   * the dashboard shows. Each day is the person's own (their profile's zone); the inflows and
   * bills of the page are read once, over the span of everyone's days, and each person's kept.
   */
  async function shortfallsOf(people: { id: string; timeZone: string }[]) {
    if (people.length === 0) return [];
    const accountsOf = groupBy(
      await deps.banking.activeAccountsOf(people.map((person) => person.id)),
      (account) => account.userId,
    );
    const funded = [];
    for (const person of people) {
      const account = primaryAccount(accountsOf.get(person.id) ?? []);
      if (!account) continue;
      const available = account.availableBalanceCents ?? account.currentBalanceCents;
      if (available === null) continue;
      funded.push({ person, account, available, today: reminders.localTime(person.timeZone).date });
    }
    if (funded.length === 0) return [];
    const inflowsOf = groupBy(
      await deps.banking.inflowsOf(
        funded.map((f) => f.account.id),
        addDays(earliest(funded.map((f) => f.today)), -PAYCHECK_LOOKBACK_DAYS),
      ),
      (inflow) => inflow.accountId,
    );
    const paid = [];
    for (const f of funded) {
      const since = addDays(f.today, -PAYCHECK_LOOKBACK_DAYS);
      const inflows = (inflowsOf.get(f.account.id) ?? []).filter((i) => i.date >= since);
      const payday = nextPaycheck(inflows, f.today);
      if (payday) paid.push({ ...f, payday });
    }
    if (paid.length === 0) return [];
    const dueOf = groupBy(
      await deps.bills.dueBetween(
        paid.map((p) => p.person.id),
        earliest(paid.map((p) => p.today)),
        latest(paid.map((p) => p.payday)),
      ),
      (bill) => bill.userId,
    );
    const short = [];
    for (const { person, account, available, today, payday } of paid) {
      const bills = (dueOf.get(person.id) ?? [])
        .filter((b) => b.dueDate! >= today && b.dueDate! < payday)
        .filter((b) => b.paymentAccountId === null || b.paymentAccountId === account.id)
        .map((b) => ({
          merchantName: b.merchantName,
          amountCents: b.amountCents,
          dueDate: b.dueDate!,
        }));
      const due = bills.reduce((sum, b) => sum + b.amountCents, 0);
      const shortfall = due - available;
      if (shortfall <= 0) continue;
      short.push({ userId: person.id, account, available, today, payday, bills, due, shortfall });
    }
    return short;
  }

  /** The person's shortfall now, or null (none, or overdraft protection off). */
  async function shortfallOf(userId: string) {
    const person = await deps.people.personOf(userId);
    if (!person?.isOverdraftProtectionEnabled) return null;
    const [risk] = await shortfallsOf([person]);
    return risk ?? null;
  }

  /** Alerts the person of a shortfall once (per account and payday): whether it was new. */
  async function alertOf(risk: Awaited<ReturnType<typeof shortfallsOf>>[number]) {
    const { userId, account, available, today, payday, bills, due, shortfall } = risk;
    const list = bills.map(
      (b) => `${b.merchantName} ${dollars(b.amountCents)} (${shortDate(b.dueDate)})`,
    );
    const summary =
      `${account.name} has ${dollars(available)} available, but ${dollars(due)} in bills are due ` +
      `before your next paycheck (${shortDate(payday)}): ${list.join(', ')}. ` +
      `You are ${dollars(shortfall)} short.`;
    return db.transaction(async (tx) => {
      const isNew = await repo.recordOverdraftAlert(tx, {
        userId,
        shortfallKey: `${account.id}:${payday}`,
        shortfallCents: shortfall,
        bills,
      });
      if (!isNew) return false;
      await reminders.alertOnce(
        tx,
        userId,
        'overdraft',
        today,
        {
          sms: `Billow overdraft alert: ${summary}`,
          subject: 'Billow: you may overdraw before payday',
          email: `${summary}\n\nMoving money into ${account.name} before these bills keeps it from overdrawing.\n\nBillow`,
          title: 'Overdraft alert',
          push: summary,
          badge: bills.length,
        },
        { textsAllowed: true },
      );
      return true;
    });
  }

  return {
    /** The overdraft risk as it stands now, for the dashboard (null when nothing is short). */
    async overdraftRisk(userId: string): Promise<OverdraftRisk | null> {
      const risk = await shortfallOf(userId);
      if (!risk) return null;
      return {
        accountName: risk.account.name,
        available: centsToDollars(risk.available),
        payday: risk.payday,
        bills: risk.bills.map((b) => ({
          merchantName: b.merchantName,
          amount: centsToDollars(b.amountCents),
          dueDate: b.dueDate,
        })),
        due: centsToDollars(risk.due),
        shortfall: centsToDollars(risk.shortfall),
      };
    },

    /**
     * check account balance: people with overdraft protection on, a page of `batchSize` at a
     * time; an alert's own transaction for each who falls short.
     */
    async checkBalances(payload: { batchSize?: number; afterUserId?: string }) {
      const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
      let cursor = payload.afterUserId;
      let alerts = 0;
      for (;;) {
        const batch = await deps.people.overdraftProtectedAfter(cursor, batchSize);
        for (const risk of await shortfallsOf(batch)) if (await alertOf(risk)) alerts++;
        if (batch.length < batchSize) return alerts;
        cursor = batch.at(-1)!.id;
      }
    },
  };
}
