import type { FastifyInstance } from 'fastify';
import { userRoutes } from '@billow/contracts';
import { mount } from '../../http/route';
import type { UsersService } from './users.service';

export async function registerUserRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  const { users } = deps;
  mount(app, userRoutes.fetchOrCreateUser, (r) =>
    users.fetchOrCreate(r.userId, r.body.phoneNumber),
  );
  mount(app, userRoutes.fetchUser, (r) => users.fetchUser(r.userId));
  mount(app, userRoutes.profileInfo, (r) => users.profile(r.userId));
  mount(app, userRoutes.updateProfileSettings, (r) => users.updateSettings(r.userId, r.body));
  mount(app, userRoutes.updateProfileInfo, (r) => users.updateInfo(r.userId, r.body));
  mount(app, userRoutes.updateProfileInfoFromOnboarding, (r) =>
    users.updateFromOnboarding(r.userId, r.body),
  );
  mount(app, userRoutes.submitFeedback, (r) => users.submitFeedback(r.userId, r.body.feedback));
  mount(app, userRoutes.deleteAccount, (r) =>
    users.deleteAccount(r.userId, {
      authorization: r.headers.authorization,
      code: r.body?.code,
    }),
  );
  mount(app, userRoutes.sendDeleteAccountCode, (r) => users.sendDeleteAccountCode(r.userId), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });
  mount(app, userRoutes.sendEmailVerification, (r) => users.sendEmailVerification(r.userId), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });
  mount(app, userRoutes.verifyEmail, (r) => users.verifyEmail(r.userId, r.body.code), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
}
