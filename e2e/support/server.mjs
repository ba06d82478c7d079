/** Starts the real server for the browser journeys on an empty embedded database. */
import fs from 'node:fs';

const dataDir = process.env.BILLOW_DATA_DIR;
if (!dataDir || !dataDir.includes('billow-e2e'))
  throw new Error('BILLOW_DATA_DIR must be the e2e scratch folder');
fs.rmSync(dataDir, { recursive: true, force: true });
await import('../../scripts/start.mjs');
