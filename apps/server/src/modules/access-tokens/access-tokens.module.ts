/** Personal access tokens: scripts reading (or, when allowed, changing) a person's own data. */
import type { Db } from '../../db/database';
import type { FeatureModule } from '../feature-module';
import { createAccessTokensRepo } from './access-tokens.repo';
import { registerAccessTokenRoutes } from './access-tokens.routes';
import type { RouteAccess } from '../../http/route';
import { accessTokenIn, createAccessTokensService } from './access-tokens.service';

export function createAccessTokensModule(deps: {
  db: Db;
  /** The user behind a session's bearer token (the auth module). */
  sessionUserOf: (authorization: string | undefined) => Promise<string>;
  clock?: () => Date;
}) {
  const service = createAccessTokensService({
    repo: createAccessTokensRepo(deps.db),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    /**
     * The signed-in user behind a bearer token (every protected route asks): a personal access
     * token where the route allows one, else a session token.
     */
    authenticate: (authorization: string | undefined, access?: RouteAccess) => {
      const accessToken = accessTokenIn(authorization);
      return accessToken
        ? service.authenticate(accessToken, access)
        : deps.sessionUserOf(authorization);
    },
    routes: (app) => registerAccessTokenRoutes(app, { accessTokens: service }),
    forget: ({ userId }) => service.forget(userId),
  } satisfies FeatureModule & { service: unknown; authenticate: unknown };
}
