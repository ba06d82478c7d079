/**
 * Web push settings: the sandbox outbox or real web push, and the VAPID keys that sign pushes
 * (and that browsers subscribe with). Without keys the sandbox generates them into the data
 * folder; production requires them.
 */
import { z } from 'zod';
import { defineProviderKind, requiredWhen, sandboxRefused } from '../provider-kind';

export type PushConfig = {
  provider: 'outbox' | 'webpush';
  vapid?: { publicKey: string; privateKey: string; subject: string };
  subject: string;
  /** Push hosts trusted besides the public push services (a push service of one's own). */
  trustedHosts: string[];
};

const base64url = /^[A-Za-z0-9_-]+$/;

export const pushProviderKind = defineProviderKind({
  env: {
    PUSH_PROVIDER: z.enum(['outbox', 'webpush']).default('outbox'),
    VAPID_PUBLIC_KEY: z.string().regex(base64url, 'Must be base64url').min(80).optional(),
    VAPID_PRIVATE_KEY: z.string().regex(base64url, 'Must be base64url').min(40).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'Must be a mailto: or https:// URL')
      .default('mailto:operator@billow.local'),
    PUSH_TRUSTED_HOSTS: z.string().default(''),
  },
  read(e): PushConfig | { problems: string[] } {
    if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
      return { problems: ['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither'] };
    return {
      provider: e.PUSH_PROVIDER,
      subject: e.VAPID_SUBJECT,
      trustedHosts: e.PUSH_TRUSTED_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      ...(e.VAPID_PUBLIC_KEY
        ? {
            vapid: {
              publicKey: e.VAPID_PUBLIC_KEY,
              privateKey: e.VAPID_PRIVATE_KEY!,
              subject: e.VAPID_SUBJECT,
            },
          }
        : {}),
    };
  },
  sandboxRefusal: (slice) =>
    slice.provider === 'outbox'
      ? sandboxRefused('PUSH_PROVIDER', 'outbox', 'webpush')
      : !slice.vapid
        ? requiredWhen('VAPID_PUBLIC_KEY', 'APP_ENV=production')
        : slice.subject.endsWith('@billow.local')
          ? 'VAPID_SUBJECT: set a mailto: or https:// address of yours (push services such as Apple’s refuse the default)'
          : undefined,
});
