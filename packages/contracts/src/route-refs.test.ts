import { describe, expect, it } from 'vitest';
import * as contracts from './index';
import { apiRoutes } from './routes';

const refGroups = Object.entries(contracts).filter(([name]) => name.endsWith('RouteRefs'));

describe('route refs', () => {
  it('are exported for the pages that load no schemas', () => {
    expect(refGroups.map(([name]) => name)).toEqual(
      expect.arrayContaining(['authRouteRefs', 'userRouteRefs', 'subscriptionRouteRefs']),
    );
  });

  it('each stand for a route the API has, by method and path', () => {
    const routes = new Set(apiRoutes.map((route) => `${route.method} ${route.path}`));
    for (const [group, refs] of refGroups)
      for (const [name, ref] of Object.entries(refs as Record<string, contracts.RouteRef>))
        expect(routes.has(`${ref.method} ${ref.path}`), `${group}.${name}`).toBe(true);
  });
});
