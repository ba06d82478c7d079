/**
 * Picks the push adapter the configuration names (web-push is loaded only when it is named), and
 * the VAPID keys it signs with.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type https from 'node:https';
import path from 'node:path';
import type { OutboxRepo } from '../outbox/outbox';
import type { PushSender, VapidKeys } from './push-sender';
import { createPushEndpointGuard } from './push-endpoints';
import { createOutboxPushSender } from './push-sender.outbox';
import type { PushConfig } from './push.config';

/**
 * A P-256 key pair in the form web-push's generateVAPIDKeys gives (the raw public point and
 * private scalar, base64url, padded to 65 and 32 bytes), without loading web-push for it.
 */
export function generateVapidKeys(): Omit<VapidKeys, 'subject'> {
  const curve = crypto.createECDH('prime256v1');
  curve.generateKeys();
  const padded = (key: Buffer, length: number) =>
    Buffer.concat([Buffer.alloc(Math.max(0, length - key.length)), key]).toString('base64url');
  return {
    publicKey: padded(curve.getPublicKey(), 65),
    privateKey: padded(curve.getPrivateKey(), 32),
  };
}

/** The configured keys, or (sandbox) keys generated once into the data folder (mode 0600). */
export function loadVapidKeys(config: PushConfig, dataDir: string): VapidKeys {
  if (config.vapid) return config.vapid;
  const file = path.join(dataDir, 'vapid.json');
  if (!fs.existsSync(file)) {
    const keys = generateVapidKeys();
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

export async function createPushSender(
  config: PushConfig,
  vapid: VapidKeys,
  sandbox: { outbox: OutboxRepo; print?: (line: string) => void },
  options: { agent?: https.Agent } = {},
): Promise<PushSender> {
  if (config.provider !== 'webpush') return createOutboxPushSender(sandbox);
  const { createWebPushSender } = await import('./push-sender.webpush');
  return createWebPushSender(vapid, {
    ...options,
    endpoints: createPushEndpointGuard({ trustedHosts: config.trustedHosts }),
  });
}
