/**
 * One-time codes (texted sign-in codes, emailed verification codes): one mechanism that auth and
 * users are both given. Codes are kept by subject (a phone number, a user id), so deleting an
 * account forgets them here.
 */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { createOneTimeCodesRepo } from './one-time-codes.repo';
import { createOneTimeCodes } from './one-time-codes.service';

export function createOneTimeCodesModule(deps: {
  db: Db;
  /** Keys the codes' hashes. */
  authSecret: Uint8Array;
  clock?: () => Date;
}) {
  const service = createOneTimeCodes({
    repo: createOneTimeCodesRepo(deps.db),
    key: deps.authSecret,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    forget: ({ phoneNumber, userId }) => service.forget([phoneNumber, userId]),
  } satisfies FeatureModule & { service: unknown };
}
