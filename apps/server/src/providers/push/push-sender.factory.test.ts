import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from './push-sender.factory';

describe(generateVapidKeys.name, () => {
  it('makes keys web-push signs with, in the form of its own generator', () => {
    for (let i = 0; i < 20; i++) {
      const keys = generateVapidKeys();
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      const headers = webpush.getVapidHeaders(
        'https://push.example.com',
        'mailto:ops@example.com',
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
      );
      expect(headers.Authorization).toContain(`k=${keys.publicKey}`);
    }
  });
});
