/**
 * The worker thread import-file-reader.ts sends large files to: reads each with readImportFile
 * and answers the file, or why it is unreadable. The server's build puts it beside the bundle as
 * import-file.worker.mjs; run from source, that name is the loader below.
 */
import { parentPort } from 'node:worker_threads';
import { ImportUnreadableError, readImportFile } from './import-file';

const port = parentPort;
if (!port) throw new Error('import-file.worker runs only as a worker thread');
port.on('message', ({ id, input }: { id: number; input: Parameters<typeof readImportFile>[0] }) => {
  try {
    port.postMessage({ id, file: readImportFile(input) });
  } catch (error) {
    if (error instanceof ImportUnreadableError)
      port.postMessage({ id, unreadable: { message: error.message, row: error.row } });
    else
      port.postMessage({
        id,
        failure: error instanceof Error ? error.message : String(error),
      });
  }
});
