import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createPushEndpointGuard, isPrivateAddress } from './push-endpoints';
import { PushEndpointRefusedError, PushSubscriptionGoneError } from './push-sender';
import { createWebPushSender } from './push-sender.webpush';

describe(createPushEndpointGuard.name, () => {
  let resolvesTo = ['142.250.80.10'];
  const guard = createPushEndpointGuard({ lookup: async () => resolvesTo });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-by3p.notify.windows.com/w/?token=abc',
  ])('accepts the push service endpoint %s', async (endpoint) => {
    resolvesTo = ['142.250.80.10', '2607:f8b0:4004:c1b::5f'];
    await expect(guard.check(endpoint)).resolves.toBeUndefined();
  });

  it.each([
    ['10.0.0.7'],
    ['127.0.0.1'],
    ['169.254.169.254'],
    ['192.168.1.1'],
    ['::1'],
    ['fe80::1'],
    ['fd00::1'],
    ['::ffff:127.0.0.1'],
    ['142.250.80.10', '10.1.1.1'],
  ])('refuses a push service name that resolves to %s', async (...addresses) => {
    resolvesTo = addresses;
    await expect(guard.check('https://fcm.googleapis.com/fcm/send/abc')).rejects.toBeInstanceOf(
      PushEndpointRefusedError,
    );
  });

  it('tells public from private addresses', () => {
    expect(['8.8.8.8', '2001:4860:4860::8888'].map(isPrivateAddress)).toEqual([false, false]);
    expect(['0.0.0.0', '100.64.0.1', '172.20.0.1', 'not-an-ip'].map(isPrivateAddress)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('checks again at send time: a name now resolving to a private address is not pushed to', async () => {
    resolvesTo = ['142.250.80.10'];
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' };
    const sender = createWebPushSender(vapid, { endpoints: guard });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    await expect(sender.checkEndpoint!(endpoint)).resolves.toBeUndefined();
    resolvesTo = ['127.0.0.1'];
    await expect(
      sender.send(
        { endpoint, keys: { p256dh: 'x', auth: 'y' }, recipient: '+15555550100' },
        { title: 't', body: 'b' },
      ),
    ).rejects.toBeInstanceOf(PushSubscriptionGoneError);
  });
});
