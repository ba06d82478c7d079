import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** The newest six-digit code sent to a phone number or email, read from the sandbox outbox. */
export async function latestCode(
  request: APIRequestContext,
  to: string,
  after?: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as { body: string; sentAt: string }[];
      const newest = messages.find((message) => !after || message.sentAt > after);
      code = newest ? /\b(\d{6})\b/.exec(newest.body)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * A phone number no other test uses (US, 555 range). Its exchange starts with 2–9, as every
 * assigned North American number's does: Billow refuses to text the others.
 */
export function uniquePhone(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
  return `555${2 + (Number(digits[0]) % 8)}${digits.slice(1)}`;
}

export function normalizedUs(phone: string): string {
  return `+1${phone.replace(/\D/g, '')}`;
}
