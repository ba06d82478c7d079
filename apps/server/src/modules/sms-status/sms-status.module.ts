/**
 * Twilio's reports of what became of each text (docs/texts.md). Twilio answers "queued" when it
 * takes a message; whether it reached the phone arrives later at the status callback, signed
 * with the account's auth token. Billow keeps the latest status of each message and warns the
 * operator of texts that failed, so a number range Billow cannot reach or a carrier filtering
 * its texts is seen instead of silently losing sign-in codes and reminders.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { TWILIO_STATUS_PATH } from '../../providers/sms/sms.config';
import type { Config } from '../../config';
import type { FeatureModule } from '../feature-module';
import { smsDeliveries } from './sms-status.tables';

/** The statuses Twilio reports for an outbound message. */
const STATUSES = new Set([
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'read',
  'canceled',
]);
const FAILED = new Set(['undelivered', 'failed']);
/** A later status never goes back to an earlier one when reports arrive out of order. */
const RANK: Record<string, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  read: 5,
  undelivered: 4,
  failed: 4,
  canceled: 4,
};

export function createSmsStatusModule(deps: {
  db: Db;
  /** Which provider sends the texts, and Twilio's settings when it does. */
  config: Pick<Config, 'sms'>;
  log?: { warn(details: object, message: string): void };
}) {
  async function record(report: { messageSid: string; status: string; errorCode: number | null }) {
    const rank = RANK[report.status] ?? 0;
    const rankOf = (column: unknown) =>
      sql`(case ${column} ${sql.raw(
        Object.entries(RANK)
          .map(([status, value]) => `when '${status}' then ${value}`)
          .join(' '),
      )} else 0 end)`;
    await deps.db
      .insert(smsDeliveries)
      .values({ ...report, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: smsDeliveries.messageSid,
        set: { status: report.status, errorCode: report.errorCode, updatedAt: new Date() },
        setWhere: sql`${rankOf(smsDeliveries.status)} <= ${rank}`,
      });
  }

  return {
    routes: async (app) => {
      const { sms } = deps.config;
      if (sms.provider !== 'twilio') return;
      // Twilio's SDK, for its signature check, only when Twilio sends the texts.
      const { default: twilio } = await import('twilio');
      const { authToken, statusCallbackUrl } = sms;
      await app.register(async (scope) => {
        // Twilio posts a form; its signature covers the URL and every parameter as sent.
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, done) => done(null, body),
        );
        scope.post(
          TWILIO_STATUS_PATH,
          { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
          async (request) => {
            const params = Object.fromEntries(new URLSearchParams(String(request.body ?? '')));
            const signature = request.headers['x-twilio-signature'];
            if (
              !statusCallbackUrl ||
              typeof signature !== 'string' ||
              !twilio.validateRequest(authToken, signature, statusCallbackUrl, params)
            ) {
              throw new ProblemError('unauthorized', 'The Twilio signature is not valid.', {
                status: 401,
              });
            }
            const { MessageSid: messageSid, MessageStatus: status } = params;
            if (!messageSid || !status || !STATUSES.has(status)) return { received: true };
            const errorCode = params.ErrorCode ? Number(params.ErrorCode) : null;
            await record({ messageSid, status, errorCode });
            if (FAILED.has(status)) {
              // Never the number or the text: the id and Twilio's code say what happened.
              deps.log?.warn(
                { messageSid, status, errorCode },
                'A text did not reach the phone (Twilio status callback)',
              );
            }
            return { received: true };
          },
        );
      });
    },
  } satisfies FeatureModule;
}
