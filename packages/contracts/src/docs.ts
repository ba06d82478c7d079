/**
 * The open API's own description: the OpenAPI 3.1 document, generated on the server
 * from the route list, and an interactive reference page with the files it loads. None of them
 * answers JSON the contracts could describe: the schemas stand in for what they serve.
 */
import { z } from 'zod';
import { defineRoute } from './route';

export const docsRoutes = {
  openApi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    auth: false,
    response: z.record(z.string(), z.unknown()),
  }),
  /** The reference page, text/html. */
  reference: defineRoute({
    method: 'GET',
    path: '/api/docs',
    auth: false,
    response: z.string(),
    responseType: 'text/html',
  }),
  /** The script and style the reference page loads, served from the server (no CDN). */
  referenceFile: defineRoute({
    method: 'GET',
    path: '/api/docs/:file',
    auth: false,
    response: z.string(),
    responseType: 'application/octet-stream',
  }),
} as const;
