/**
 * A bare Fastify process serving one route with the same bytes as a Billow answer: the reference
 * every bench figure is read against (same machine, same run).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers, failing if `child` ends first. */
export async function untilAnswers(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await wait(20);
  }
}

/** A bare Fastify process with one route sending `body`, timed from spawn until it answers. */
export async function bareFastify(body) {
  const bodyFile = path.join(os.tmpdir(), `billow-bench-bare-${process.pid}.json`);
  fs.writeFileSync(bodyFile, body);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; import fs from 'node:fs';
       const body = fs.readFileSync(process.env.BODY_FILE);
       const app = Fastify();
       app.get('/bare', (_q, reply) => reply.type('application/json').send(body));
       const url = await app.listen({ port: 0, host: '127.0.0.1' });
       process.stdout.write(url + '\\n');`,
    ],
    {
      cwd: root,
      env: { ...process.env, BODY_FILE: bodyFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const base = await new Promise((resolve) =>
    child.stdout.once('data', (chunk) => resolve(chunk.toString().trim())),
  );
  await untilAnswers(`${base}/bare`, child);
  return {
    url: `${base}/bare`,
    healthyMs: performance.now() - started,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(bodyFile, { force: true });
    },
  };
}
