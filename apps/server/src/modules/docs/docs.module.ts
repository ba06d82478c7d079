/** The open API's description: the OpenAPI document and its interactive reference. */
import type { FeatureModule } from '../feature-module';
import { registerDocsRoutes } from './docs.routes';
import { buildOpenApiDocument } from './openapi-document';

export function createDocsModule(deps: { version: string }) {
  // Built once: the contracts do not change while the process runs.
  const document = buildOpenApiDocument({ version: deps.version });
  return {
    document,
    routes: (app) => registerDocsRoutes(app, { document }),
  } satisfies FeatureModule & { document: unknown };
}
