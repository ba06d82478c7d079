/**
 * A local stand-in for Twilio's Messages API
 * (https://www.twilio.com/docs/messaging/api/message-resource): form-encoded POST with basic
 * auth, 201 with the message resource, and Twilio's error shape (code 21211 for a bad number,
 * 20003 for bad credentials).
 *
 * Every request is checked against Twilio's API description (vendor-apis/twilio.subset.json, the
 * 2010-04-01 Message resource): a value it refuses gets Twilio's 400, and a parameter it does not
 * name (which Twilio ignores) is noted; every answer is checked too, and `close()` throws while
 * anything the description refuses is left (see vendor-api.ts). twilio-oai does not describe the
 * status callback Twilio posts; `statusReport` follows the message resource page instead.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createViolations, vendorApi } from './vendor-apis/vendor-api';

const ROUTE = '/2010-04-01/Accounts/{AccountSid}/Messages.json';
const FORM = 'application/x-www-form-urlencoded';

export const INVALID_TWILIO_NUMBER = '+15005550001';

/**
 * Twilio's rule for a StatusCallback (error 21609, https://www.twilio.com/docs/api/errors/21609):
 * a fully qualified http(s) URL of at most 4,000 characters whose hostname has no underscore.
 */
function isValidStatusCallback(value: string): boolean {
  if (value.length > 4000) return false;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.hostname !== '' && !url.hostname.includes('_');
  } catch {
    return false;
  }
}

export type FakeTwilio = {
  url: string;
  messages: {
    sid: string;
    to: string;
    from: string | null;
    messagingServiceSid: string | null;
    body: string;
    statusCallback: string | null;
  }[];
  /**
   * The request Twilio would send to a message's StatusCallback: form-encoded, signed as Twilio
   * documents (https://www.twilio.com/docs/usage/security#validating-requests) — HMAC-SHA1 with
   * the auth token over the URL followed by each parameter's name and value sorted by name.
   */
  statusReport(
    message: { sid: string; statusCallback: string | null },
    status: string,
    errorCode?: number,
  ): { url: string; headers: Record<string, string>; payload: string };
  /** Answers the next message with this Twilio error (20429 too many requests, 20500 …). */
  failNext(status: number, code: number, message: string): void;
  /** What the fake saw that Twilio's description refuses, taken off the list. */
  takeViolations(): string[];
  close(): Promise<void>;
};

export async function startFakeTwilio(credentials: {
  accountSid: string;
  authToken: string;
}): Promise<FakeTwilio> {
  const messages: FakeTwilio['messages'] = [];
  const twilioApi = vendorApi('twilio');
  const violations = createViolations('Twilio');
  let failure: { status: number; code: number; message: string } | null = null;
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const expectedAuth = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
      if (request.headers.authorization !== expectedAuth) {
        return send(401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
      }
      const path = `/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`;
      if (request.method !== 'POST' || request.url !== path) {
        return send(404, {
          code: 20404,
          message: 'The requested resource was not found',
          status: 404,
        });
      }
      if (failure) {
        const { status, code, message } = failure;
        failure = null;
        return send(status, {
          code,
          message,
          more_info: `https://www.twilio.com/docs/errors/${code}`,
          status,
        });
      }
      const form = new URLSearchParams(raw);
      const params: Record<string, string | string[]> = {};
      for (const [key, value] of form) {
        const before = params[key];
        params[key] = before === undefined ? value : [before, value].flat();
      }
      const problems = twilioApi.checkRequest('POST', ROUTE, params, FORM);
      violations.record('request', problems);
      // Twilio ignores a parameter it does not know; any other problem it refuses.
      const refused = problems.filter((p) => !p.includes('unevaluated properties'));
      if (refused.length > 0) {
        const code = refused.some((p) => p.includes("required property 'To'")) ? 21604 : 70002;
        return send(400, {
          code,
          message: refused.join('; '),
          more_info: `https://www.twilio.com/docs/errors/${code}`,
          status: 400,
        });
      }
      const to = form.get('To') ?? '';
      // +15005550001 is Twilio's own magic test number for an invalid destination.
      if (!/^\+[1-9]\d{7,14}$/.test(to) || to === INVALID_TWILIO_NUMBER) {
        return send(400, {
          code: 21211,
          message: `The 'To' number ${to} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
      }
      const statusCallback = form.get('StatusCallback');
      if (statusCallback !== null && !isValidStatusCallback(statusCallback)) {
        return send(400, {
          code: 21609,
          message: 'Invalid StatusCallback',
          more_info: 'https://www.twilio.com/docs/errors/21609',
          status: 400,
        });
      }
      const message = {
        sid: `SM${crypto.randomBytes(16).toString('hex')}`,
        to,
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
        statusCallback,
      };
      messages.push(message);
      const now = new Date().toUTCString().replace('GMT', '+0000');
      const resource = {
        account_sid: credentials.accountSid,
        api_version: '2010-04-01',
        body: message.body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: message.from,
        messaging_service_sid: message.messagingServiceSid,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: null,
        sid: message.sid,
        status: 'queued',
        subresource_uris: { media: `${path.replace('.json', '')}/${message.sid}/Media.json` },
        to: message.to,
        uri: `${path.replace('.json', '')}/${message.sid}.json`,
      };
      violations.record('answer 201', twilioApi.checkResponse('POST', ROUTE, 201, resource));
      return send(201, resource);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    messages,
    statusReport(message, status, errorCode) {
      if (!message.statusCallback) throw new Error('the message was sent without a StatusCallback');
      const params: Record<string, string> = {
        AccountSid: credentials.accountSid,
        ApiVersion: '2010-04-01',
        MessageSid: message.sid,
        SmsSid: message.sid,
        MessageStatus: status,
        SmsStatus: status,
        ...(errorCode === undefined ? {} : { ErrorCode: String(errorCode) }),
      };
      const signed = Object.keys(params)
        .sort()
        .reduce((text, key) => text + key + params[key], message.statusCallback);
      const signature = crypto
        .createHmac('sha1', credentials.authToken)
        .update(signed)
        .digest('base64');
      return {
        url: new URL(message.statusCallback).pathname,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
        },
        payload: new URLSearchParams(params).toString(),
      };
    },
    failNext: (status, code, message) => {
      failure = { status, code, message };
    },
    takeViolations: () => violations.take(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      violations.assertNone();
    },
  };
}
