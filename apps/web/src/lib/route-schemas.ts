/**
 * Every route's full contract, by method and path: the api client loads this module on demand
 * to check the answer of a route called by its ref, so zod and the schemas stay off the pages
 * that only hold refs until they call the API.
 */
import { apiRoutes, type RouteContract, type RouteRef } from '@billow/contracts';

const byKey = new Map(apiRoutes.map((route) => [`${route.method} ${route.path}`, route]));

export function contractFor(route: RouteRef): RouteContract | undefined {
  return byKey.get(`${route.method} ${route.path}`);
}
