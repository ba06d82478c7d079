/** Picks the push adapter the configuration names, and the VAPID keys it signs with. */
import fs from 'node:fs';
import type https from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import type { OutboxRepo } from '../../modules/dev/outbox.repo';
import type { PushSender, VapidKeys } from './push-sender';
import { createPushEndpointGuard } from './push-endpoints';
import { createOutboxPushSender } from './push-sender.outbox';
import { createWebPushSender } from './push-sender.webpush';
import type { PushConfig } from './push.config';

/** The configured keys, or (sandbox) keys generated once into the data folder (mode 0600). */
export function loadVapidKeys(config: PushConfig, dataDir: string): VapidKeys {
  if (config.vapid) return config.vapid;
  const file = path.join(dataDir, 'vapid.json');
  if (!fs.existsSync(file)) {
    const keys = webpush.generateVAPIDKeys();
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process wrote it first: theirs is read below.
    }
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<VapidKeys, 'subject'>;
  return { ...stored, subject: config.subject };
}

export function createPushSender(
  config: PushConfig,
  vapid: VapidKeys,
  sandbox: { outbox: OutboxRepo; print?: (line: string) => void },
  options: { agent?: https.Agent } = {},
): PushSender {
  return config.provider === 'webpush'
    ? createWebPushSender(vapid, {
        ...options,
        endpoints: createPushEndpointGuard({ trustedHosts: config.trustedHosts }),
      })
    : createOutboxPushSender(sandbox);
}
