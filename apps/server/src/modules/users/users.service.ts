/**
 * The profile: identity, settings, recovery email, feedback, and deleting everything.
 */
import { bindContext } from '../../bind-context';
import { deleteAccount, sendDeleteAccountCode } from './delete-account';
import { sendEmailVerification, verifyEmail } from './email-verification';
import {
  fetchOrCreate,
  fetchUser,
  profileOf,
  submitFeedback,
  updateFromOnboarding,
  updateInfo,
  updateSettings,
} from './user-profile';
import type { UsersContext, UsersServiceDeps } from './users.deps';

/**
 * The service: each path is a plain function of the service's context (its deps and its clock),
 * bound here.
 */
export function createUsersService(deps: UsersServiceDeps) {
  const ctx: UsersContext = { ...deps, now: deps.clock ?? (() => new Date()) };
  const bind = bindContext(ctx);
  return {
    fetchOrCreate: bind(fetchOrCreate),
    fetchUser: bind(fetchUser),
    profile: bind(profileOf),
    updateSettings: bind(updateSettings),
    updateInfo: bind(updateInfo),
    updateFromOnboarding: bind(updateFromOnboarding),
    submitFeedback: bind(submitFeedback),
    sendDeleteAccountCode: bind(sendDeleteAccountCode),
    deleteAccount: bind(deleteAccount),
    sendEmailVerification: bind(sendEmailVerification),
    verifyEmail: bind(verifyEmail),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
