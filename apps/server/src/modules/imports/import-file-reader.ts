/**
 * Reads uploaded files off the event loop. Reading a large export is CPU work (25,000 OFX
 * transactions take over a second), and while it ran on the main thread every other request
 * waited. Files above `offThreadChars` go to one worker thread, started on first use and kept
 * (idle, it does not hold the process open); smaller ones are read here, where the hop would
 * cost more than the read. The answer is the same either way, ImportUnreadableError included.
 */
import { Worker } from 'node:worker_threads';
import { ImportUnreadableError, readImportFile, type ImportFile } from './import-file';
import type { ImportInput } from './imports.service';

/** About 1,500 OFX transactions or 4,000 CSV rows: read in a few tens of milliseconds. */
const OFF_THREAD_CHARS = 200_000;

type Answer = { id: number } & (
  | { file: ImportFile }
  | { unreadable: { message: string; row: number | null } }
  | { failure: string }
);

type Pending = { resolve(file: ImportFile): void; reject(error: Error): void };

export type ImportFileReader = {
  read(input: ImportInput): Promise<ImportFile>;
  close(): Promise<void>;
};

export function createImportFileReader(
  options: { offThreadChars?: number } = {},
): ImportFileReader {
  const offThreadChars = options.offThreadChars ?? OFF_THREAD_CHARS;
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  function failAll(error: Error) {
    for (const request of pending.values()) request.reject(error);
    pending.clear();
    worker = null;
  }

  function started(): Worker {
    if (worker) return worker;
    const created = new Worker(new URL('./import-file.worker.mjs', import.meta.url));
    created.on('message', (answer: Answer) => {
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      if (pending.size === 0) created.unref();
      if ('file' in answer) request.resolve(answer.file);
      else if ('unreadable' in answer)
        request.reject(new ImportUnreadableError(answer.unreadable.message, answer.unreadable.row));
      else request.reject(new Error(`reading an import file failed: ${answer.failure}`));
    });
    created.on('error', (error) => failAll(error));
    created.on('exit', (code) => {
      if (worker === created) failAll(new Error(`the import reader stopped (exit code ${code})`));
    });
    worker = created;
    return created;
  }

  return {
    async read(input) {
      if (input.fileText.length <= offThreadChars) return readImportFile(input);
      const thread = started();
      const id = nextId++;
      const file = new Promise<ImportFile>((resolve, reject) =>
        pending.set(id, { resolve, reject }),
      );
      thread.ref();
      thread.postMessage({ id, input });
      return file;
    },
    async close() {
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
    },
  };
}
