/**
 * Routes by method and path alone, with no zod at run time. The web's first-loaded code (the
 * entry, the sign-in and sign-up pages) calls its routes through these, so those pages do not
 * carry the schemas: the client checks the answer against the full contract, loaded on demand.
 * Each ref's types come from its contract, and its method and path are checked against the
 * contract's literal ones by the compiler, so a ref cannot drift from its route.
 */
import type { analyticsRoutes } from './analytics';
import type { authRoutes } from './auth';
import type { RouteContract } from './route';
import type { userRoutes } from './users';

export type RouteRef<R extends RouteContract = RouteContract> = {
  readonly method: R['method'];
  readonly path: R['path'];
  /** Type only, never set: the contract this ref stands for. */
  readonly contract?: R;
};

/* @__NO_SIDE_EFFECTS__ */
export function routeRef<R extends RouteContract>(
  method: R['method'],
  path: R['path'],
): RouteRef<R> {
  return { method, path };
}

export const authRouteRefs = {
  otpStart: routeRef<typeof authRoutes.otpStart>('POST', '/api/auth/otp/start'),
  otpVerify: routeRef<typeof authRoutes.otpVerify>('POST', '/api/auth/otp/verify'),
  refresh: routeRef<typeof authRoutes.refresh>('POST', '/api/auth/refresh'),
  logout: routeRef<typeof authRoutes.logout>('POST', '/api/auth/logout'),
};

export const userRouteRefs = {
  profileInfo: routeRef<typeof userRoutes.profileInfo>('GET', '/api/user/profile-info'),
  updateProfileInfo: routeRef<typeof userRoutes.updateProfileInfo>(
    'POST',
    '/api/user/update-profile-info',
  ),
  updateProfileSettings: routeRef<typeof userRoutes.updateProfileSettings>(
    'POST',
    '/api/user/update-profile-settings',
  ),
};

export const analyticsRouteRefs = {
  track: routeRef<typeof analyticsRoutes.track>('POST', '/api/analytics/events'),
};
