/**
 * The import reader's worker when the server runs from source (tests, `npm run dev`): a worker
 * starts without the TypeScript loader of the thread that made it, so it registers its own
 * before loading the worker itself (import-file.worker.ts).
 */
import { register } from 'tsx/esm/api';

register();
await import('./import-file.worker.ts');
