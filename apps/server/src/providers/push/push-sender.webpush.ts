/**
 * Web push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291), through
 * the `web-push` library: the browser's push service delivers it to the service worker.
 */
import type https from 'node:https';
import webpush from 'web-push';
import {
  PushConfigurationError,
  PushSubscriptionGoneError,
  type PushSender,
  type VapidKeys,
} from './push-sender';

export function createWebPushSender(
  vapid: VapidKeys,
  /** An agent trusting a private CA (a push service of one's own; the tests' fake). */
  options: { agent?: https.Agent } = {},
): PushSender {
  return {
    async send(target, message) {
      try {
        const result = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: target.keys },
          JSON.stringify(message),
          {
            vapidDetails: vapid,
            TTL: 24 * 60 * 60,
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return { id: result.headers.location ?? `push-${Date.now()}` };
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410)
          throw new PushSubscriptionGoneError(`The push service answered ${status}`);
        if (status === 401 || status === 403)
          throw new PushConfigurationError(
            `The push service refused Billow's VAPID credentials (${status}): set VAPID_SUBJECT to a mailto: or https:// address of yours and check VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`,
          );
        // The library's error carries the endpoint (a capability URL): not into logs.
        throw new Error(`The push service refused the message (${status ?? 'no answer'})`);
      }
    },
  };
}
