/**
 * The worker thread import-file-reader.ts sends large files to: reads each with readImportFile
 * and answers the file, or why it is unreadable. Plain JavaScript, because a worker starts
 * without the TypeScript loader of the thread that made it: it registers its own.
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { readImportFile, ImportUnreadableError } = await import('./import-file.ts');

parentPort.on('message', ({ id, input }) => {
  try {
    parentPort.postMessage({ id, file: readImportFile(input) });
  } catch (error) {
    if (error instanceof ImportUnreadableError)
      parentPort.postMessage({ id, unreadable: { message: error.message, row: error.row } });
    else
      parentPort.postMessage({
        id,
        failure: error instanceof Error ? error.message : String(error),
      });
  }
});
