import type { FastifyInstance } from 'fastify';
import { userRoutes } from '@billow/contracts';
import { signedInOnly } from '../../http/route';
import { zipOf } from './export-format';
import type { ExportService } from './export.service';

export async function registerExportRoutes(
  app: FastifyInstance,
  deps: { dataExport: ExportService },
) {
  // The export is application/zip, not JSON: a plain route, signed-in only like every contract
  // route, its contract listing it for the suites. Each export reads every table the person has
  // rows in, so a few a minute is plenty.
  app.get(
    userRoutes.exportData.path,
    {
      onRequest: signedInOnly(app, userRoutes.exportData),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { fileName, files, at } = await deps.dataExport.exportOf(request.userId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(await zipOf(files, at));
    },
  );
}
