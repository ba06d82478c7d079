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
};

/** The push service no longer knows this subscription (the browser unsubscribed): forget it. */
export class PushSubscriptionGoneError extends Error {
  override name = 'PushSubscriptionGoneError';
}

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
