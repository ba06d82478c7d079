/** Personal access tokens: scripts reading (or, when allowed, changing) a person's own data. */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { createAccessTokensRepo } from './access-tokens.repo';
import { registerAccessTokenRoutes } from './access-tokens.routes';
import { createAccessTokensService } from './access-tokens.service';

export function createAccessTokensModule(deps: { db: Db; clock?: () => Date }) {
  const service = createAccessTokensService({
    repo: createAccessTokensRepo(deps.db),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    routes: (app) => registerAccessTokenRoutes(app, { accessTokens: service }),
    forget: ({ userId }) => service.forget(userId),
  } satisfies FeatureModule & { service: unknown };
}
