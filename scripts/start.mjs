/**
 * `npm start` (all), `npm run start:api` and `npm run start:worker`: builds the web app (not for
 * a worker) and the server when their builds are stale, then runs the built server in this same
 * process, so signals reach it directly and shutdown is graceful.
 */
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const mode = process.argv[2] ?? 'all';
// Answers are written by serialisers compiled from the contracts; tests and `npm run dev` keep
// checking each one with zod (CHECK_RESPONSES, issue 16).
process.env.CHECK_RESPONSES ??= 'false';
if (mode !== 'worker' && process.env.SERVE_WEB !== 'false') ensureWebBuild();
ensureServerBuild();

await import(pathToFileURL(serverEntry).href);
