/**
 * Overdraft protection: the primary account's available balance against the bills due before
 * the next expected paycheck. When it falls short, the person is alerted once per shortfall (the
 * account and the paycheck it falls short before), and the dashboard shows the risk as it stands.
 */
import { centsToDollars, type OverdraftRisk } from '@billow/contracts';
import type { Db } from '../../db/database';
import { JOB_LIMITS } from '../../jobs/job-map';
import { addDays, dollars, shortDate } from './alert-dates';
import type { AlertsRepo } from './alerts.repo';
import type { AlertSources, ReminderChannels } from './alerts.service';
import { nextPaycheck } from './paycheck';

export function createOverdraftAlerts(deps: {
  db: Db;
  repo: AlertsRepo;
  bills: AlertSources['bills'];
  banking: AlertSources['banking'];
  people: AlertSources['people'];
  reminders: ReminderChannels;
}) {
  const { db, repo, reminders } = deps;

  /** The account bills come out of: the primary payment account, else a checking account. */
  async function primaryAccount(userId: string) {
    const accounts = await deps.banking.activeAccountsOf(userId);
    return (
      accounts.find((a) => a.isPrimaryPaymentAccount) ??
      accounts.find((a) => a.type === 'depository' && a.subtype === 'checking') ??
      accounts.find((a) => a.type === 'depository')
    );
  }

  /**
   * The primary account against the bills due before the next paycheck, when it falls short and
   * the person has overdraft protection on: what the alert texts and the dashboard shows.
   */
  async function shortfallOf(userId: string) {
    const person = await deps.people.personOf(userId);
    if (!person?.isOverdraftProtectionEnabled) return null;
    const account = await primaryAccount(userId);
    if (!account) return null;
    const available = account.availableBalanceCents ?? account.currentBalanceCents;
    if (available === null) return null;
    const today = reminders.localTime((await reminders.preferencesOf(userId)).timeZone).date;
    const inflows = await deps.banking.inflowsOf(account.id, addDays(today, -100));
    const payday = nextPaycheck(inflows, today);
    if (!payday) return null;
    const bills = (await deps.bills.dueBetween(userId, today, payday))
      .filter((b) => b.paymentAccountId === null || b.paymentAccountId === account.id)
      .map((b) => ({
        merchantName: b.merchantName,
        amountCents: b.amountCents,
        dueDate: b.dueDate!,
      }));
    const due = bills.reduce((sum, b) => sum + b.amountCents, 0);
    const shortfall = due - available;
    if (shortfall <= 0) return null;
    return { account, available, today, payday, bills, due, shortfall };
  }

  async function checkBalanceOf(userId: string) {
    const risk = await shortfallOf(userId);
    if (!risk) return false;
    const { account, available, today, payday, bills, due, shortfall } = risk;
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

    /** check account balance: people with overdraft protection on, in batches. */
    async checkBalances(payload: { batchSize?: number; afterUserId?: string }) {
      const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
      let cursor = payload.afterUserId;
      let alerts = 0;
      for (;;) {
        const batch = await deps.people.overdraftProtectedAfter(cursor, batchSize);
        for (const person of batch) if (await checkBalanceOf(person.id)) alerts++;
        if (batch.length < batchSize) return alerts;
        cursor = batch.at(-1)!.id;
      }
    },
  };
}
