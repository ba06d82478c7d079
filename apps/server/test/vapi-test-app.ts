/**
 * A test app whose call agent is Vapi, against a local fake of Vapi's API (fakes/fake-vapi.ts),
 * with retries due at once; and the fake's server messages delivered to the app's webhook.
 */
import { createTestApp, type TestApp } from './test-app';
import { startFakeVapi, type FakeVapi, type VapiDelivery } from './fakes/fake-vapi';

export const VAPI_WEBHOOK_SECRET = 'vapi-webhook-secret-0123456789abcdef';
export const VAPI_PHONE_NUMBER_ID = 'pn-billow-outbound';

export async function createVapiTestApp(
  options: { clock?: () => Date; env?: Record<string, string> } = {},
): Promise<{ t: TestApp; vapi: FakeVapi }> {
  const vapi = await startFakeVapi();
  const t = await createTestApp({
    ...(options.clock ? { clock: options.clock } : {}),
    env: {
      CALL_PROVIDER: 'vapi',
      VAPI_API_KEY: vapi.apiKey,
      VAPI_PHONE_NUMBER_ID,
      VAPI_WEBHOOK_SECRET,
      VAPI_API_BASE_URL: vapi.url,
      PUBLIC_URL: 'https://billow.example',
      CALL_RETRY_DELAY_SECONDS: '0',
      ...options.env,
    },
  });
  return { t, vapi };
}

export async function closeVapiTestApp({ t, vapi }: { t: TestApp; vapi: FakeVapi }) {
  await t.close();
  await vapi.close();
}

/** Posts one of the fake's server messages to the app's webhook, as Vapi would (or with `headers`). */
export function deliverTo(t: TestApp, delivery: VapiDelivery, headers?: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: new URL(delivery.url).pathname,
    headers: headers ?? delivery.headers,
    payload: delivery.body,
  });
}
