import type { FastifyInstance } from 'fastify';
import { importRoutes, MAX_IMPORT_FILE_CHARS } from '@billow/contracts';
import { mount } from '../../http/route';
import type { ImportsService } from './imports.service';

/** A file's characters as JSON text: UTF-8 and escaping can make it a few times larger. */
const IMPORT_BODY_LIMIT = 4 * MAX_IMPORT_FILE_CHARS;

export async function registerImportRoutes(
  app: FastifyInstance,
  deps: { imports: ImportsService },
) {
  const options = {
    bodyLimit: IMPORT_BODY_LIMIT,
    // Each request reads a whole file: a few a minute are plenty for a person.
    rateLimit: { max: 30, timeWindow: '1 minute' },
  };
  mount(
    app,
    importRoutes.preview,
    (request) => deps.imports.preview(request.userId, request.body),
    options,
  );
  mount(
    app,
    importRoutes.commit,
    (request) => deps.imports.commit(request.userId, request.body),
    options,
  );
}
