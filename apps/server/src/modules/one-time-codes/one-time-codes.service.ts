/**
 * The one mechanism behind every one-time code — the texted sign-in code and the emailed
 * verification code — so their rules cannot drift apart again: a code is random digits stored
 * only as a keyed hash, lives a fixed time, is burned after its last allowed wrong try, and is
 * counted before it is compared so parallel guesses share the same few tries. Sending keeps a
 * cool-down between codes to one subject that grows once many were sent in an hour (never past
 * `maxCooldownSeconds`, so the owner is never shut out for long), and an optional hourly limit
 * per requester (the subject and the address asking), so a stranger's requests use up their own
 * allowance, not the owner's.
 *
 * Callers word the refusals; this module only says which rule refused.
 */
import { hmac, randomDigits, safeEqual } from '../../security/hashing';
import type { OneTimeCodeQueries, OneTimeCodesRepo } from './one-time-codes.repo';
import type { CodePurpose } from './one-time-codes.tables';

export type CodePolicy = {
  purpose: CodePurpose;
  length: number;
  ttlSeconds: number;
  /** Tries allowed per code; the last wrong one burns it. */
  maxAttempts: number;
  /** Wait between two codes to one subject (whatever their destination). */
  cooldownSeconds: number;
  /**
   * Codes to one subject in an hour before the wait starts doubling, and the longest wait; unset,
   * the wait stays `cooldownSeconds`.
   */
  backoff?: { afterCodesPerHour: number; maxCooldownSeconds: number };
  /** Codes one requester may have sent to one subject in an hour; unset, no such limit. */
  maxPerRequesterPerHour?: number;
};

type IssueResult =
  | { isIssued: true; id: string; code: string; resendAfterSeconds: number }
  | { isIssued: false; refusal: 'cooldown' | 'requester-limit'; retryAfterSeconds: number };

export type VerifyOutcome = 'accepted' | 'wrong' | 'burned' | 'expired' | 'missing';

const HOUR_MS = 3600_000;

/** How many codes of the purpose went out in the last hour (by one requester, if given). */
export type SentInLastHour = (filter?: {
  requester?: string;
}) => Promise<{ count: number; oldest: Date | null }>;

/** The wait after the `sentThisHour`-th code of the hour. */
function cooldownAfter(policy: CodePolicy, sentThisHour: number): number {
  const { backoff } = policy;
  if (!backoff || sentThisHour < backoff.afterCodesPerHour) return policy.cooldownSeconds;
  const doublings = sentThisHour - backoff.afterCodesPerHour + 1;
  return Math.min(backoff.maxCooldownSeconds, policy.cooldownSeconds * 2 ** doublings);
}

export function createOneTimeCodes(deps: {
  repo: OneTimeCodesRepo;
  key: Uint8Array;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const hashOf = (purpose: CodePurpose, subject: string, destination: string, code: string) =>
    hmac(deps.key, `code:${purpose}:${subject}:${destination}:${code}`);

  async function issueLocked(
    repo: OneTimeCodeQueries,
    policy: CodePolicy,
    target: { subject: string; destination: string; requester?: string },
    guard: ((sentInLastHour: SentInLastHour) => Promise<void>) | undefined,
  ): Promise<IssueResult> {
    const at = now();
    const hourAgo = new Date(at.getTime() - HOUR_MS);
    await guard?.((filter = {}) => repo.sentSince(policy.purpose, hourAgo, filter));

    const requester = target.requester ?? null;
    if (policy.maxPerRequesterPerHour !== undefined && requester) {
      const mine = await repo.sentSince(policy.purpose, hourAgo, {
        subject: target.subject,
        requester,
      });
      if (mine.count >= policy.maxPerRequesterPerHour && mine.oldest) {
        return {
          isIssued: false,
          refusal: 'requester-limit',
          retryAfterSeconds: (mine.oldest.getTime() + HOUR_MS - at.getTime()) / 1000,
        };
      }
    }
    const sent = await repo.sentSince(policy.purpose, hourAgo, { subject: target.subject });
    const latest = await repo.latest(policy.purpose, target.subject);
    // The wait is per subject, whatever address the code goes to: alternating two addresses
    // must not send a code each time.
    if (latest) {
      const waited = (at.getTime() - latest.createdAt.getTime()) / 1000;
      const wait = cooldownAfter(policy, sent.count);
      if (waited < wait) {
        return { isIssued: false, refusal: 'cooldown', retryAfterSeconds: wait - waited };
      }
    }

    const code = randomDigits(policy.length);
    const id = await repo.replace({
      purpose: policy.purpose,
      subject: target.subject,
      destination: target.destination,
      requester,
      codeHash: hashOf(policy.purpose, target.subject, target.destination, code),
      expiresAt: new Date(at.getTime() + policy.ttlSeconds * 1000),
      now: at,
    });
    return {
      isIssued: true,
      id,
      code,
      resendAfterSeconds: cooldownAfter(policy, sent.count + 1),
    };
  }

  return {
    /** A keyed hash of a requester's address: enough to count it, useless to read it back. */
    requesterOf(address: string): string {
      return hmac(deps.key, `requester:${address}`);
    },

    /**
     * Issues a code unless a rule refuses. `guard` may add the caller's own limits: it counts
     * with `sentInLastHour` and throws to refuse, inside the same locked step as the insert.
     */
    async issue(
      policy: CodePolicy,
      target: { subject: string; destination: string; requester?: string },
      guard?: (sentInLastHour: SentInLastHour) => Promise<void>,
    ): Promise<IssueResult> {
      return deps.repo.locked(policy.purpose, (repo) => issueLocked(repo, policy, target, guard));
    },

    /** Codes of a purpose sent in the last hour (by one requester, if given), and the oldest. */
    async sentInLastHour(purpose: CodePurpose, filter: { requester?: string } = {}) {
      return deps.repo.sentSince(purpose, new Date(now().getTime() - HOUR_MS), filter);
    },

    /** Takes back a code that could not be delivered, so it counts for nothing. */
    async withdraw(id: string) {
      await deps.repo.delete(id);
    },

    async verify(
      policy: CodePolicy,
      attempt: { subject: string; destination?: string; code: string },
    ): Promise<VerifyOutcome> {
      const at = now();
      const latest = await deps.repo.latest(policy.purpose, attempt.subject);
      // A code sent to an address the subject no longer has proves nothing.
      if (
        !latest ||
        (attempt.destination !== undefined && latest.destination !== attempt.destination)
      )
        return 'missing';
      const claimed = await deps.repo.claimAttempt(latest.id, policy.maxAttempts, at);
      if (!claimed) {
        // Not triable: say why, from the row as it is now.
        const current = (await deps.repo.latest(policy.purpose, attempt.subject)) ?? latest;
        if (current.id !== latest.id) return 'missing';
        if (current.attempts >= policy.maxAttempts) return 'burned';
        if (current.consumedAt) return 'missing';
        return 'expired';
      }
      const hash = hashOf(policy.purpose, attempt.subject, latest.destination, attempt.code);
      if (!safeEqual(hash, claimed.codeHash)) {
        if (claimed.attempts < policy.maxAttempts) return 'wrong';
        await deps.repo.consume(latest.id, at);
        return 'burned';
      }
      return (await deps.repo.consume(latest.id, at)) ? 'accepted' : 'missing';
    },

    /** Forgets every code of these subjects (account deletion). */
    async forget(subjects: string[]) {
      await deps.repo.deleteForSubjects(subjects);
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
