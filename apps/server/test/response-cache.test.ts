/**
 * list-all and the session check are answered from memory while nothing behind them changed,
 * and a change reaches them at once however it was written: by a request, a job, or
 * another process writing the database directly (simulated here with raw SQL). On the embedded
 * database by default; on the PostgreSQL server when DATABASE_URL is set, where the change feed
 * has a connection of its own that can be lost.
 */
import { subscriptionRoutes, userRoutes, type Subscription } from '@billow/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/modules/subscriptions/subscriptions.tables';
import { linkSandboxItem } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

describe('answers kept between changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const listAll = (token: string) =>
    t.app.inject({ method: 'GET', url: subscriptionRoutes.listAll.path, headers: bearer(token) });
  const sql = (text: string, values?: unknown[]) => t.database.executeSql(text, values);

  async function linkedPerson(phone: string) {
    const session = await signIn(t.app, phone);
    await linkSandboxItem(t, session.token, { persona: 'default' }, { seed: 'kept-answers' });
    return session;
  }

  it('serves list-all from memory while its rows are unchanged', async () => {
    const { token } = await linkedPerson('+15555557101');
    const first = await listAll(token);
    expect(first.statusCode).toBe(200);
    // With its bank table renamed, list-all's query cannot run: only a cached answer can be sent.
    await sql('ALTER TABLE bank_items RENAME TO bank_items_away');
    try {
      const again = await listAll(token);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
    } finally {
      await sql('ALTER TABLE bank_items_away RENAME TO bank_items');
    }
  });

  it('shows a change written straight to the database on the next request', async () => {
    const { token } = await linkedPerson('+15555557102');
    const before = (await listAll(token)).json() as Subscription[];
    const target = before[0]!;
    await sql('UPDATE subscriptions SET merchant_name = $1 WHERE id = $2', [
      'Renamed Elsewhere',
      target.id,
    ]);
    const after = (await listAll(token)).json() as Subscription[];
    expect(after.find((s) => s.id === target.id)?.merchant_name).toBe('Renamed Elsewhere');

    await sql('UPDATE bank_items SET institution_name = $1', ['Another Bank']);
    const renamedBank = (await listAll(token)).json() as Subscription[];
    const withAccount = renamedBank.find((s) => s.payment_method !== null);
    expect(withAccount?.payment_method).toMatch(/^Another Bank/);

    await sql('DELETE FROM subscriptions WHERE id = $1', [target.id]);
    const afterDelete = (await listAll(token)).json() as Subscription[];
    expect(afterDelete.map((s) => s.id)).not.toContain(target.id);
  });

  it('shows a change committed in a transaction, as detection and the jobs write', async () => {
    const { token } = await linkedPerson('+15555557108');
    const before = (await listAll(token)).json() as Subscription[];
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ merchantName: 'Renamed In A Transaction' })
        .where(eq(subscriptions.id, before[0]!.id));
    });
    const after = (await listAll(token)).json() as Subscription[];
    expect(after.find((s) => s.id === before[0]!.id)?.merchant_name).toBe(
      'Renamed In A Transaction',
    );
  });

  it('keeps one person’s answer from another', async () => {
    const one = await linkedPerson('+15555557103');
    const other = await signIn(t.app, '+15555557104');
    expect(((await listAll(one.token)).json() as Subscription[]).length).toBeGreaterThan(0);
    expect((await listAll(other.token)).json()).toEqual([]);
  });

  it('stops a bearer at once when its session is revoked or deleted in the database', async () => {
    const revoked = await signIn(t.app, '+15555557105');
    expect((await listAll(revoked.token)).statusCode).toBe(200);
    await sql(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE phone_number = $1)',
      ['+15555557105'],
    );
    expect((await listAll(revoked.token)).statusCode).toBe(401);

    const deleted = await signIn(t.app, '+15555557106');
    const profile = () =>
      t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(deleted.token),
      });
    expect((await profile()).statusCode).toBe(200);
    await sql('DELETE FROM users WHERE phone_number = $1', ['+15555557106']);
    expect((await profile()).statusCode).toBe(401);
  });

  it.runIf(process.env.DATABASE_URL)(
    'reads the database again after losing the change feed’s connection',
    async () => {
      const { token } = await linkedPerson('+15555557107');
      const before = (await listAll(token)).json() as Subscription[];
      // The feed's connection goes; a change lands while it is gone.
      await sql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'billow-changes' AND datname = current_database()",
      );
      await sql('UPDATE subscriptions SET merchant_name = $1 WHERE id = $2', [
        'Changed While Away',
        before[0]!.id,
      ]);
      const after = (await listAll(token)).json() as Subscription[];
      expect(after.find((s) => s.id === before[0]!.id)?.merchant_name).toBe('Changed While Away');
    },
  );
});
