/** Signs a person in over HTTP the way the web app does, reading the texted code from the outbox. */
import type { FastifyInstance } from 'fastify';
import type { OtpVerifyResponse } from '@billow/contracts';

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  });
  const [message] = response.json() as { body: string }[];
  const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export async function signIn(
  app: FastifyInstance,
  phoneNumber: string,
): Promise<OtpVerifyResponse> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/auth/otp/start',
    payload: { phoneNumber },
  });
  if (started.statusCode !== 200)
    throw new Error(`otp/start answered ${started.statusCode}: ${started.body}`);
  const code = await latestCode(app, phoneNumber);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { phoneNumber, code },
  });
  if (verified.statusCode !== 200)
    throw new Error(`otp/verify answered ${verified.statusCode}: ${verified.body}`);
  return verified.json() as OtpVerifyResponse;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
