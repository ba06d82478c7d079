/**
 * The ledger check reads figures each owner of money rows publishes (its module's
 * `ledgerFigures`); one that no module publishes stops the start, not the first nightly check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { FeatureModule } from '../feature-module';
import { createLedgersModule } from './ledgers.module';

describe(createLedgersModule.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts when every figure the ledger check reads is published', async () => {
    await expect(t.modules.ledgers.beforeWorkers()).resolves.toBeUndefined();
  });

  it('refuses to start, naming the figure, when no module publishes one', async () => {
    const { savings, ...others } = t.modules;
    const { ledgerFigures: _figures, ...savingsWithoutFigures } = savings;
    const modules: FeatureModule[] = [...Object.values(others), savingsWithoutFigures];
    const ledgers = createLedgersModule({ db: t.database.db, modules: () => modules });
    await expect(ledgers.beforeWorkers()).rejects.toThrow(
      'No module publishes the ledger figures: savings.',
    );
  });
});
