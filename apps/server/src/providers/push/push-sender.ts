/** The web-push port: one message to one browser's push subscription. */
export type PushTarget = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Who it is for, as the sandbox outbox files it (the person's phone number). */
  recipient: string;
};

export type PushMessage = { title: string; body: string; url?: string; badge?: number };

export type PushSender = {
  send(target: PushTarget, message: PushMessage): Promise<{ id: string }>;
  /**
   * For a sender that connects to the endpoint: refuses (PushEndpointRefusedError) one it will
   * not push to, before a browser's subscription is kept.
   */
  checkEndpoint?(endpoint: string): Promise<void>;
};

/** The push service no longer knows this subscription (the browser unsubscribed): forget it. */
export class PushSubscriptionGoneError extends Error {
  override name = 'PushSubscriptionGoneError';
}

/**
 * The push service refused Billow's VAPID credentials (401/403): nothing will get through until
 * the operator fixes VAPID_SUBJECT or the keys, so it is said as a configuration error.
 */
export class PushConfigurationError extends Error {
  override name = 'PushConfigurationError';
}

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Billow will not push to this endpoint (not a public push service's, or a private address). */
export class PushEndpointRefusedError extends Error {
  override name = 'PushEndpointRefusedError';
}
