import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { linkSandboxItem } from '../../test/sandbox-link';
import { signIn } from '../../test/sign-in';

// PGlite runs no autovacuum; a PostgreSQL server's own autovacuum keeps its statistics.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the embedded database after a bank sync',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("gives the query planner statistics of the person's transactions and bills", async () => {
      const session = await signIn(t.app, '+15555556101');
      await linkSandboxItem(t, session.token, { persona: 'default' });
      const { rows } = await t.database.executeSql(
        `select tablename from pg_stats
       where schemaname = 'public' and tablename in ('bank_transactions', 'subscription_transactions')
       group by tablename order by tablename`,
        [],
      );
      expect(rows.map((row) => row.tablename)).toEqual([
        'bank_transactions',
        'subscription_transactions',
      ]);
    });
  },
);
