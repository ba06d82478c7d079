/**
 * What queues a sync or changes an item's status besides a link (docs/banking.md): the sources'
 * webhooks (new data, a login to repair, a login repaired, access revoked) and the daily re-sync
 * of every working item. The syncs themselves are in banking.sync.ts.
 */
import type { BankWebhook } from '../../providers/bank/bank-provider';
import type { BankingContext } from './banking.deps';

export async function handleWebhook(ctx: BankingContext, webhook: BankWebhook) {
  if (webhook.kind === 'transfer-events-update') {
    // Read by the payments feature's job (returned debits claw back); one waits at a time.
    await ctx.jobs.send('payment-sync-transfer-events', {}, { singletonKey: 'webhook' });
    return;
  }
  if (!webhook.itemId) return;
  const item = await ctx.repo.itemByProviderId(webhook.itemId);
  if (!item) return;
  switch (webhook.kind) {
    case 'sync-updates-available':
      // A revoked item has nothing Billow may read; its notices are left.
      if (item.status !== 'revoked') await ctx.enqueueSync(item.id, 'webhook');
      return;
    case 'login-required':
    case 'pending-disconnect':
      await ctx.repo.updateItem(item.id, {
        status: webhook.kind === 'login-required' ? 'login_required' : 'pending_disconnect',
      });
      await ctx.repo.refreshUpdateRequired(item.userId);
      return;
    case 'access-revoked':
      await ctx.repo.updateItem(item.id, { status: 'revoked' });
      await ctx.repo.refreshUpdateRequired(item.userId);
      return;
    case 'login-repaired':
      await ctx.repo.updateItem(item.id, { status: 'active' });
      await ctx.repo.refreshUpdateRequired(item.userId);
      await ctx.enqueueSync(item.id, 'repair');
      return;
    case 'ignored':
      return;
  }
}

export async function enqueueDailySync(ctx: BankingContext) {
  for (const id of await ctx.repo.activeItemIds()) await ctx.enqueueSync(id, 'daily');
}
