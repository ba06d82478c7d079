/**
 * Every provider Billow talks to, built from the configuration (docs/architecture.md, "Server"):
 * each port's factory picks its adapter from its config slice and loads a vendor's SDK only when
 * the configuration names that vendor. The sandbox adapters show what they would have sent in
 * the outbox (and print it, for the person running Billow). The payment provider is built with
 * the payments module, since it reads debit credentials from banking.
 */
import type https from 'node:https';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { definedOf } from '../defined-of';
import { createBankProvider } from './bank/bank-provider.factory';
import { createCallAgent } from './call-agent/call-agent.factory';
import { createChatModel } from './chat-model/chat-model.factory';
import { createEmailSender } from './email/email-sender.factory';
import { createPushSender, loadVapidKeys } from './push/push-sender.factory';
import { createSmsSender } from './sms/sms-sender.factory';

export async function createProviders(
  config: Config,
  deps: {
    db: Db;
    clock?: () => Date;
    /** Where the sandbox adapters keep what they send. */
    outbox: Parameters<typeof createSmsSender>[1]['outbox'];
    print?: (line: string) => void;
    /** For web push to a push service on a private CA (the tests' fake push service). */
    pushAgent?: https.Agent;
  },
) {
  const sandbox = { outbox: deps.outbox, ...definedOf(deps, 'print') };
  const vapid = loadVapidKeys(config.push, config.dataDir);
  return {
    sms: await createSmsSender(config.sms, sandbox),
    email: await createEmailSender(config.email, sandbox),
    bank: await createBankProvider(config.bank, {
      db: deps.db,
      allowLoopbackHttp: config.isSandbox,
      ...definedOf(deps, 'clock'),
    }),
    pushSender: await createPushSender(config.push, vapid, sandbox, {
      ...(deps.pushAgent ? { agent: deps.pushAgent } : {}),
    }),
    vapidPublicKey: vapid.publicKey,
    agent: await createCallAgent(config.call),
    chatModel: await createChatModel(config.chat),
  };
}
