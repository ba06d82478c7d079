/**
 * The sandbox ledger: a Plaid-Transfer-like payment provider that runs offline, on the sandbox
 * bank's accounts. An authorization reads the account's balance from the bank (through the
 * BankProvider port) less what the ledger already holds on it — the debits it made and not
 * returned, and the authorizations it approved that no debit used yet (a bank's holds) — and
 * declines:
 * - NSF when the amount is more than that,
 * - RISK when the amount is above SANDBOX_RISK_LIMIT_CENTS or the account's name contains "Risk".
 * A debit posts a simulated day later and settles the day after, except on an account whose name
 * contains "NSF": there it is returned R01 (insufficient funds) three simulated days later. A
 * simulated day lasts `bankDaySeconds` (SANDBOX_BANK_DAY_SECONDS; a real day by default).
 * Events appear when they are due by the clock, when someone syncs.
 */
import crypto from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import type { BankProvider } from '../../bank/bank-provider';
import {
  credentialsFor,
  PaymentProviderError,
  type DebitCredentialsResolver,
  type DebitHandle,
  type PaymentProvider,
} from '../payment-provider';
import {
  sandboxTransferAuthorizations,
  sandboxTransferEvents,
  sandboxTransfers,
} from './sandbox-ledger.tables';

const SANDBOX_RISK_LIMIT_CENTS = 250_000;
const SANDBOX_BANK_DAY_SECONDS = 86_400;
/** An approved authorization no debit used holds the balance this many simulated days. */
const AUTHORIZATION_HOLD_DAYS = 1;

/** When each event of a debit is due, in days after it was made. */
const SCHEDULE = {
  settles: [
    { type: 'pending', days: 0, returnCode: null },
    { type: 'posted', days: 1, returnCode: null },
    { type: 'settled', days: 2, returnCode: null },
  ],
  returns: [
    { type: 'pending', days: 0, returnCode: null },
    { type: 'posted', days: 1, returnCode: null },
    { type: 'returned', days: 3, returnCode: 'R01' },
  ],
} as const;

const EVENT_PAGE = 25;

export function createSandboxLedger(deps: {
  db: Db;
  bank: BankProvider;
  /** The banking module's: a handle's access token and account id (docs/payments.md). */
  credentialsOf: DebitCredentialsResolver;
  clock?: () => Date;
  /** How long a simulated bank day lasts (tests and demos shorten it). */
  bankDaySeconds?: number;
}): PaymentProvider {
  const now = deps.clock ?? (() => new Date());
  const { db } = deps;
  const DAY = (deps.bankDaySeconds ?? SANDBOX_BANK_DAY_SECONDS) * 1000;

  async function account(handle: DebitHandle) {
    const { accessToken, accountId } = await credentialsFor(deps.credentialsOf, handle);
    let accounts;
    try {
      accounts = await deps.bank.getAccounts(accessToken);
    } catch (error) {
      throw new PaymentProviderError(
        error instanceof Error ? error.message : 'The bank could not be reached',
        'ITEM_ERROR',
      );
    }
    const found = accounts.find((a) => a.accountId === accountId);
    if (!found) throw new PaymentProviderError('No such account at the bank', 'INVALID_ACCOUNT_ID');
    return found;
  }

  /** What the ledger holds on an account: debits not returned, and unused approvals. */
  async function heldCents(accountId: string) {
    const debits = await db
      .select({
        amountCents: sandboxTransfers.amountCents,
        isReturned: sandboxTransfers.isReturned,
      })
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.accountId, accountId));
    const holds = await db
      .select({
        amountCents: sandboxTransferAuthorizations.amountCents,
        createdAt: sandboxTransferAuthorizations.createdAt,
      })
      .from(sandboxTransferAuthorizations)
      .leftJoin(
        sandboxTransfers,
        eq(sandboxTransfers.authorizationId, sandboxTransferAuthorizations.id),
      )
      .where(
        and(
          eq(sandboxTransferAuthorizations.accountId, accountId),
          eq(sandboxTransferAuthorizations.decision, 'approved'),
          isNull(sandboxTransfers.id),
        ),
      );
    const holdsFrom = now().getTime() - AUTHORIZATION_HOLD_DAYS * DAY;
    return (
      debits.filter((r) => !r.isReturned).reduce((sum, r) => sum + r.amountCents, 0) +
      holds
        .filter((r) => r.createdAt.getTime() > holdsFrom)
        .reduce((sum, r) => sum + r.amountCents, 0)
    );
  }

  /** Writes the events that are due by now (each once: a unique index keeps reruns idle). */
  async function materializeDueEvents() {
    const at = now();
    for (const transfer of await db.select().from(sandboxTransfers)) {
      const schedule = transfer.willReturn ? SCHEDULE.returns : SCHEDULE.settles;
      for (const step of schedule) {
        const due = new Date(transfer.createdAt.getTime() + step.days * DAY);
        if (due > at) continue;
        const [inserted] = await db
          .insert(sandboxTransferEvents)
          .values({
            transferId: transfer.id,
            type: step.type,
            returnCode: step.returnCode,
            dayOffset: step.days,
            occurredAt: due,
          })
          .onConflictDoNothing()
          .returning({ eventId: sandboxTransferEvents.eventId });
        if (inserted && step.type === 'returned') {
          await db
            .update(sandboxTransfers)
            .set({ isReturned: true })
            .where(eq(sandboxTransfers.id, transfer.id));
        }
      }
    }
  }

  return {
    async authorizeDebit(request) {
      const [existing] = await db
        .select()
        .from(sandboxTransferAuthorizations)
        .where(eq(sandboxTransferAuthorizations.idempotencyKey, request.idempotencyKey));
      const answer = (row: typeof sandboxTransferAuthorizations.$inferSelect) =>
        row.decision === 'approved'
          ? { decision: 'approved' as const, authorizationId: row.id }
          : {
              decision: 'declined' as const,
              rationale: (row.rationale ?? 'OTHER') as 'NSF' | 'RISK' | 'OTHER',
              description: row.description ?? 'Declined',
              ...(row.availableCents !== null ? { availableBalanceCents: row.availableCents } : {}),
            };
      if (existing) return answer(existing);
      const found = await account(request.account);
      const balance = found.balances.available ?? found.balances.current ?? 0;
      const availableCents = Math.round(balance * 100) - (await heldCents(found.accountId));
      const isRisky = request.amountCents > SANDBOX_RISK_LIMIT_CENTS || /risk/i.test(found.name);
      const decline = isRisky
        ? { rationale: 'RISK', description: 'The transfer is too risky to approve.' }
        : availableCents < request.amountCents
          ? { rationale: 'NSF', description: 'The account has insufficient funds.' }
          : null;
      const [row] = await db
        .insert(sandboxTransferAuthorizations)
        .values({
          id: `auth-sandbox-${crypto.randomUUID()}`,
          idempotencyKey: request.idempotencyKey,
          accountId: found.accountId,
          amountCents: request.amountCents,
          decision: decline ? 'declined' : 'approved',
          rationale: decline?.rationale ?? null,
          description: decline?.description ?? null,
          availableCents,
          createdAt: now(),
        })
        .onConflictDoNothing()
        .returning();
      if (row) return answer(row);
      // A concurrent request with the same key won: answer as it did.
      const [winner] = await db
        .select()
        .from(sandboxTransferAuthorizations)
        .where(eq(sandboxTransferAuthorizations.idempotencyKey, request.idempotencyKey));
      return answer(winner!);
    },

    async createDebit(request) {
      const [authorization] = await db
        .select()
        .from(sandboxTransferAuthorizations)
        .where(eq(sandboxTransferAuthorizations.id, request.authorizationId));
      if (!authorization || authorization.decision !== 'approved')
        throw new PaymentProviderError('The authorization is not approved', 'INVALID_FIELD');
      if (authorization.amountCents !== request.amountCents)
        throw new PaymentProviderError(
          'The amount differs from the authorization',
          'INVALID_FIELD',
        );
      const found = await account(request.account);
      await db
        .insert(sandboxTransfers)
        .values({
          id: `transfer-sandbox-${crypto.randomUUID()}`,
          idempotencyKey: request.idempotencyKey,
          authorizationId: request.authorizationId,
          accountId: found.accountId,
          amountCents: request.amountCents,
          willReturn: /nsf/i.test(found.name),
          createdAt: now(),
        })
        .onConflictDoNothing();
      const [transfer] = await db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.authorizationId, request.authorizationId));
      const settles = SCHEDULE.settles.find((step) => step.type === 'settled')!;
      return {
        transferId: transfer!.id,
        expectedSettlementAt: new Date(
          transfer!.createdAt.getTime() + settles.days * DAY,
        ).toISOString(),
      };
    },

    async syncEvents(afterId) {
      await materializeDueEvents();
      const rows = await db
        .select()
        .from(sandboxTransferEvents)
        .where(gt(sandboxTransferEvents.eventId, afterId))
        .orderBy(asc(sandboxTransferEvents.eventId))
        .limit(EVENT_PAGE + 1);
      return {
        hasMore: rows.length > EVENT_PAGE,
        events: rows.slice(0, EVENT_PAGE).map((row) => ({
          eventId: row.eventId,
          transferId: row.transferId,
          type: row.type as 'pending' | 'posted' | 'settled' | 'returned',
          returnCode: row.returnCode,
          timestamp: row.occurredAt.toISOString(),
        })),
      };
    },
  };
}
