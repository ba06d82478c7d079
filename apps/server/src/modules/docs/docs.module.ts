/** The open API's description: the OpenAPI document and its interactive reference. */
import type { FeatureModule } from '../feature-module';
import { registerDocsRoutes } from './docs.routes';
import { buildOpenApiDocument } from './openapi-document';

/** The open API's version, as its OpenAPI document states it. */
const API_VERSION = '1.0.0';

export function createDocsModule() {
  // Built when first asked for (some 70 ms, which every process start and test app would pay),
  // then kept: the contracts do not change while the process runs.
  let document: string | undefined;
  const documentJson = () =>
    (document ??= JSON.stringify(buildOpenApiDocument({ version: API_VERSION })));
  return {
    routes: (app) => registerDocsRoutes(app, { documentJson }),
  } satisfies FeatureModule;
}
