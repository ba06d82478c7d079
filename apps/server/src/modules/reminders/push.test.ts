/**
 * Web push through the real `web-push` adapter to a local fake push service, which checks what a
 * real one would: the VAPID JWT (ES256, signed by the key the browser subscribed with, audience
 * the push service's origin, not expired) and an aes128gcm-encrypted body.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { reminderRoutes, type OutboxMessage } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testVapidKeys, type TestApp } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

const tls = {
  key: fs.readFileSync(path.join(import.meta.dirname, '../../../test/fakes/fake-push-tls.key')),
  cert: fs.readFileSync(path.join(import.meta.dirname, '../../../test/fakes/fake-push-tls.crt')),
};

/** A push service on https (web-push speaks nothing else), with a self-signed certificate. */
function fakePushService() {
  const received: Received[] = [];
  let answer = 201;
  const server = https.createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer, { location: `${request.url}/m/${received.length}` }).end();
    });
  });
  return {
    received,
    answerWith: (status: number) => (answer = status),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`https://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };
}

/** Checks an RFC 8292 `vapid t=…, k=…` header; returns the JWT's claims. */
function verifyVapid(header: string, expectedKey: string) {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
  expect(match, header).toBeTruthy();
  const [, token, key] = match!;
  expect(key).toBe(expectedKey);
  const [head, claims, signature] = token!.split('.');
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const raw = Buffer.from(key!, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const isValid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(isValid).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

describe('web push', () => {
  const push = fakePushService();
  let origin: string;
  let t: TestApp;
  beforeAll(async () => {
    origin = await push.start();
    t = await createTestApp({
      env: {
        PUSH_PROVIDER: 'webpush',
        VAPID_SUBJECT: 'mailto:ops@example.com',
        // The fake is a push service of one's own, on a loopback address: trusted by name.
        PUSH_TRUSTED_HOSTS: new URL(origin).host,
      },
      pushAgent: new https.Agent({ ca: tls.cert }),
    });
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });

  it('stores a browser subscription and pushes a test notification signed with VAPID', async () => {
    const { token } = await signIn(t.app, '+15555557201');
    const before = await t.app.inject({
      method: 'GET',
      url: reminderRoutes.pushKey.path,
      headers: bearer(token),
    });
    expect(before.json()).toEqual({ publicKey: testVapidKeys.VAPID_PUBLIC_KEY, subscribed: false });

    const endpoint = `${origin}/push/${crypto.randomUUID()}`;
    const subscribed = await t.app.inject({
      method: 'POST',
      url: reminderRoutes.pushSubscribe.path,
      headers: bearer(token),
      payload: { endpoint, keys: browserKeys() },
    });
    expect(subscribed.json()).toEqual({ success: true });
    // The endpoint is a capability URL: stored encrypted, not readable in the table.
    const { rows } = await t.database.executeSql('select * from push_subscriptions');
    expect(JSON.stringify(rows)).not.toContain(endpoint);

    const test = await t.app.inject({
      method: 'POST',
      url: reminderRoutes.pushTest.path,
      headers: bearer(token),
    });
    expect(test.json()).toEqual({ sent: 1 });
    expect(await t.runQueuedJobs()).toContain('notification-send-push');

    expect(push.received).toHaveLength(1);
    const [request] = push.received;
    expect(request!.path).toBe(new URL(endpoint).pathname);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(
      String(request!.headers.authorization),
      testVapidKeys.VAPID_PUBLIC_KEY,
    );
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe('mailto:ops@example.com');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    // Encrypted: the text is not in the body.
    expect(request!.body.toString('latin1')).not.toContain('Billow');
  });

  /** Subscribes a new browser for the person, then asks for a test push the service answers so. */
  async function subscribeAndTest(token: string, pushServiceStatus: number) {
    await t.app.inject({
      method: 'POST',
      url: reminderRoutes.pushSubscribe.path,
      headers: bearer(token),
      payload: { endpoint: `${origin}/push/${crypto.randomUUID()}`, keys: browserKeys() },
    });
    push.answerWith(pushServiceStatus);
    await t.app.inject({
      method: 'POST',
      url: reminderRoutes.pushTest.path,
      headers: bearer(token),
    });
  }

  it('says a push service’s refusal of Billow’s VAPID signature is a configuration error', async () => {
    const { token } = await signIn(t.app, '+15555557204');
    await subscribeAndTest(token, 403);
    await expect(t.runQueuedJobs()).rejects.toThrow(/VAPID_SUBJECT/);
    push.answerWith(201);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const { token } = await signIn(t.app, '+15555557202');
    await subscribeAndTest(token, 410);
    await t.runQueuedJobs();
    push.answerWith(201);
    const key = await t.app.inject({
      method: 'GET',
      url: reminderRoutes.pushKey.path,
      headers: bearer(token),
    });
    expect(key.json()).toMatchObject({ subscribed: false });
  });

  it('keeps an endpoint with its owner: only the same browser, by its keys, moves it to another account', async () => {
    const owner = (await signIn(t.app, '+15555557205')).token;
    const other = (await signIn(t.app, '+15555557206')).token;
    const endpoint = `${origin}/push/${crypto.randomUUID()}`;
    const keys = browserKeys();
    const subscribe = (token: string, offered: ReturnType<typeof browserKeys>) =>
      t.app.inject({
        method: 'POST',
        url: reminderRoutes.pushSubscribe.path,
        headers: bearer(token),
        payload: { endpoint, keys: offered },
      });
    const subscribed = (token: string) =>
      t.app
        .inject({ method: 'GET', url: reminderRoutes.pushKey.path, headers: bearer(token) })
        .then((response) => (response.json() as { subscribed: boolean }).subscribed);

    expect((await subscribe(owner, keys)).statusCode).toBe(200);
    // Someone who learnt the endpoint, with keys of their own: refused, and nothing moves.
    const taken = await subscribe(other, browserKeys());
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.headers['content-type']).toContain('application/problem+json');
    expect(await subscribed(owner)).toBe(true);
    expect(await subscribed(other)).toBe(false);

    // The same browser signed in as the other person: it follows them.
    expect((await subscribe(other, keys)).statusCode).toBe(200);
    expect(await subscribed(owner)).toBe(false);
    expect(await subscribed(other)).toBe(true);
  });
});

describe('push endpoints Billow will not connect to', () => {
  const push = fakePushService();
  let origin: string;
  let t: TestApp;
  beforeAll(async () => {
    origin = await push.start();
    t = await createTestApp({
      env: { PUSH_PROVIDER: 'webpush' },
      pushAgent: new https.Agent({ ca: tls.cert }),
    });
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });

  it('refuses IP literals, other hosts, plain http and names of private addresses, and never connects', async () => {
    const { token } = await signIn(t.app, '+15555557204');
    for (const endpoint of [
      `${origin}/push/1`,
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'https://push.example.com/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: reminderRoutes.pushSubscribe.path,
        headers: bearer(token),
        payload: { endpoint, keys: browserKeys() },
      });
      expect(answer.statusCode, endpoint).toBe(400);
      expect(answer.json()).toMatchObject({
        detail: 'Billow only sends notifications through the browsers’ push services.',
        errors: [{ field: 'endpoint' }],
      });
    }
    const test = await t.app.inject({
      method: 'POST',
      url: reminderRoutes.pushTest.path,
      headers: bearer(token),
    });
    expect(test.json()).toEqual({ sent: 0 });
    await t.runQueuedJobs();
    expect(push.received).toHaveLength(0);
    const { rows } = await t.database.executeSql(
      'select count(*)::int as n from push_subscriptions',
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('web push in the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lands in the outbox under the person’s number', async () => {
    const phone = '+15555557203';
    const { token } = await signIn(t.app, phone);
    await t.app.inject({
      method: 'POST',
      url: reminderRoutes.pushSubscribe.path,
      headers: bearer(token),
      payload: { endpoint: 'https://push.example.com/abc', keys: browserKeys() },
    });
    await t.app.inject({
      method: 'POST',
      url: reminderRoutes.pushTest.path,
      headers: bearer(token),
    });
    await t.runQueuedJobs();
    const outbox = (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` })
    ).json() as OutboxMessage[];
    expect(outbox[0]).toMatchObject({ channel: 'push', subject: 'Billow notifications are on' });
  });
});
