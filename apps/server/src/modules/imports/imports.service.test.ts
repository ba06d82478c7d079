import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createImportedAccounts } from '../banking/banking.imported';
import { createImportsService } from './imports.service';

const fileText = 'Date,Description,Amount\n2026-10-05,NETFLIX.COM,-15.49\n2026-10-06,SHOP,-20.00\n';

describe(createImportsService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds to the account another import of the same new source created in the meantime', async () => {
    const { user } = await signIn(t.app, '+14155550321');
    const accounts = createImportedAccounts(t.database.db);
    const service = createImportsService({ db: t.database.db, accounts, jobs: t.jobs.queue });
    const first = await service.commit(user.userId, { fileName: 'New.csv', fileText });
    // A second request that looked for the source's account before the first one committed it
    // (as two requests do on a PostgreSQL server, each in its own transaction).
    const late = createImportsService({
      db: t.database.db,
      accounts: { ...accounts, importedAccountBySource: async () => undefined },
      jobs: t.jobs.queue,
    });
    const second = await late.commit(user.userId, { fileName: 'New.csv', fileText });
    const unchanged = { added: 0, alreadyImported: 2 };
    expect(second).toEqual({
      ...first,
      ...unchanged,
      accounts: [{ ...first.accounts[0], ...unchanged }],
    });
  });
});
