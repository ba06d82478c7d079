/**
 * The open API's description: the OpenAPI document as JSON, and an interactive reference page
 * (Swagger UI, from the swagger-ui-dist package) with its script and style served from here, so
 * the page runs under the same strict CSP as the web app (no CDN, no inline script).
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { docsRoutes } from '@billow/contracts';
import { ProblemError } from '../../http/problem';

const require = createRequire(import.meta.url);

/** The page's files, by the name in its URL. Paths are relative to what the page's URL is. */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Billow API reference</title>
    <link rel="stylesheet" href="docs/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="docs/swagger-ui-bundle.js"></script>
    <script src="docs/reference.js"></script>
  </body>
</html>
`;

/**
 * Starts the reference on the document (a file, not inline: the CSP allows no inline script).
 * No validator badge: Swagger UI would send the document's URL to swagger.io for it.
 */
const REFERENCE_SCRIPT = `window.SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: false,
  validatorUrl: null,
});
`;

type ReferenceFile = { type: string; read: () => Promise<string | Buffer> };

function swaggerFile(name: string): () => Promise<Buffer> {
  const dir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  let read: Promise<Buffer> | undefined;
  // Read once, when first asked for: the bundle is 1.7 MB and most processes never serve it.
  return () => (read ??= fs.readFile(path.join(dir, name)));
}

const files: Record<string, ReferenceFile> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: swaggerFile('swagger-ui.css') },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: swaggerFile('swagger-ui-bundle.js'),
  },
  'reference.js': {
    type: 'text/javascript; charset=utf-8',
    read: async () => REFERENCE_SCRIPT,
  },
};

export async function registerDocsRoutes(
  app: FastifyInstance,
  deps: { documentJson: () => string },
) {
  app.get(docsRoutes.openApi.path, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(deps.documentJson()),
  );
  app.get(docsRoutes.reference.path, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(REFERENCE_PAGE),
  );
  app.get<{ Params: { file: string } }>(docsRoutes.referenceFile.path, async (request, reply) => {
    const file = Object.hasOwn(files, request.params.file) ? files[request.params.file] : undefined;
    if (!file) throw new ProblemError('not-found', 'No such file.');
    return reply.type(file.type).send(await file.read());
  });
}
