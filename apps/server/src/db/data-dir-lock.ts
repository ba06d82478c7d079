/**
 * The embedded database belongs to one process: two opening the same folder would corrupt it.
 * The process that opens it writes its pid into `billow.pid` beside it, created exclusively; a
 * second process finds a live pid there and stops with a clear message instead. A pid left by a
 * process that died (a crash, SIGKILL) is taken over.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Billow is already running on ${dataDir} (process ${pid}). The embedded database has one ` +
        `process: stop that one first (Ctrl+C where it runs), or run Billow on a PostgreSQL ` +
        `server (DATABASE_URL), which any number of processes share.`,
    );
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the folder for this process; returns the release. Throws DataDirInUseError when taken. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'billow.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return async () => {
        const holder = Number(await fs.readFile(file, 'utf8').catch(() => ''));
        if (holder === process.pid) await fs.rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(await fs.readFile(file, 'utf8').catch(() => ''));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(dataDir, pid);
      }
      // Left by a process that is gone: take it over.
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`Could not take ${file}.`);
}
