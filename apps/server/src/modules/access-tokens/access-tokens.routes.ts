import type { FastifyInstance } from 'fastify';
import { accessTokenRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { AccessTokensService } from './access-tokens.service';

export async function registerAccessTokenRoutes(
  app: FastifyInstance,
  deps: { accessTokens: AccessTokensService },
) {
  const { accessTokens } = deps;
  mount(app, accessTokenRoutes.create, (r) => accessTokens.create(r.userId, r.body));
  mount(app, accessTokenRoutes.list, (r) => accessTokens.list(r.userId));
  mount(app, accessTokenRoutes.revoke, (r) => accessTokens.revoke(r.userId, r.body.accessTokenId));
}
