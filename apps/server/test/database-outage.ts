/**
 * A test database that can be taken away mid-test, the way a crashed or restarted database
 * server goes away: on PostgreSQL the app reaches the server through a TCP relay that `cut()`
 * closes (open connections end, new ones are refused); on PGlite `cut()` closes the embedded
 * database (there is no second connection to lose).
 */
import net from 'node:net';
import pg from 'pg';
import { fromPool } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './test-database';

export type OutageDatabase = {
  database: TestDatabase;
  /** Takes the database away. */
  cut(): Promise<void>;
  /** Brings it back (PostgreSQL only; an embedded database closed is gone for good). */
  restore(): Promise<void>;
  canRestore: boolean;
};

function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    server,
    sockets,
    listen: (port = 0) =>
      new Promise<number>((resolve) =>
        server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
  };
}

export async function createOutageDatabase(): Promise<OutageDatabase> {
  const base = await createTestDatabase();
  if (!base.url) {
    return { database: base, cut: () => base.close(), restore: async () => {}, canRestore: false };
  }
  const target = new URL(base.url);
  let relay = startRelay(target);
  const port = await relay.listen();
  const relayed = new URL(base.url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  const pool = new pg.Pool({ connectionString: relayed.toString(), max: 5 });
  const database = fromPool(pool);
  return {
    database: {
      ...database,
      url: relayed.toString(),
      async destroy() {
        await database.close();
        relay.server.close();
        await base.destroy();
      },
    },
    async cut() {
      await new Promise<void>((resolve) => {
        relay.server.close(() => resolve());
        for (const socket of relay.sockets) socket.destroy();
      });
    },
    async restore() {
      relay = startRelay(target);
      await relay.listen(port);
    },
    canRestore: true,
  };
}
