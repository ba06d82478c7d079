/**
 * `npm start` (all), `npm run start:api` and `npm run start:worker`: builds the web app (not for
 * a worker) and the server when their builds are stale, then runs the built server in this same
 * process, so signals reach it directly and shutdown is graceful.
 */
import { pathToFileURL } from 'node:url';
import { earlyStartEntry, ensureServerBuild, serverEntry } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const mode = process.argv[2] ?? 'all';
// Answers are written by serialisers compiled from the contracts; tests and `npm run dev` keep
// checking each one with zod (CHECK_RESPONSES).
process.env.CHECK_RESPONSES ??= 'false';
// Steps on the timeline the server reports with BILLOW_STARTUP_TIMES=1 (startup-times.ts).
const mark = (step) => performance.mark(`startup:${step}`, { detail: process.cpuUsage() });
mark('start script loaded');
if (mode !== 'worker' && process.env.SERVE_WEB !== 'false') ensureWebBuild();
mark('web build checked');
ensureServerBuild();
mark('server build checked');
// Work that needs no server code (the embedded database's WebAssembly compiled and its files
// read, on other threads) runs while the server's code loads (apps/server/src/early-start.ts).
const { startEarly } = await import(pathToFileURL(earlyStartEntry).href);
startEarly();
mark('early start begun');

await import(pathToFileURL(serverEntry).href);
