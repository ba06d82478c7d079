/**
 * What changed, told by the database itself, so answers can be kept in memory between changes.
 * Triggers on the tables behind a cached answer `NOTIFY` a channel with the key whose
 * data changed (migration 0017): after commit, whichever process, request or job wrote it.
 *
 * `barrier()` is what makes a cached answer safe to serve: it resolves once every change committed
 * before the call has been delivered to `on` listeners. On PGlite, the one connection delivers a
 * notification while it parses the committing statement's answer, before the writer's `await`
 * returns, so listening is all it takes. On a PostgreSQL server the notifications come on a
 * connection of their own; a round trip on it (shared by all callers waiting at that moment)
 * brings every notification committed before it. When the feed cannot promise that (the
 * connection is down), `barrier()` rejects and callers read the database instead; after a
 * reconnect `onReset` listeners drop everything, since notifications may have been missed.
 * A connection that cannot be made is tried again after a growing pause (a quarter second,
 * doubling up to ten), not once per request: meanwhile `barrier()` rejects at once.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Rows behind a person's bills and accounts changed; the key is the person's id. */
export const USER_DATA_CHANNEL = 'billow_user_data';
/** A session (refresh-token family) was signed out or deleted; the key is its family id. */
export const SESSION_CHANNEL = 'billow_session';
const CHANNELS = [USER_DATA_CHANNEL, SESSION_CHANNEL] as const;
export type ChangeChannel = (typeof CHANNELS)[number];

export type ChangeFeed = {
  on(channel: ChangeChannel, listener: (key: string) => void): void;
  onReset(listener: () => void): void;
  barrier(): Promise<void>;
  close(): Promise<void>;
};

function listenerSet() {
  const byChannel = new Map<string, Set<(key: string) => void>>();
  const resets = new Set<() => void>();
  return {
    on(channel: ChangeChannel, listener: (key: string) => void) {
      const set = byChannel.get(channel) ?? new Set();
      set.add(listener);
      byChannel.set(channel, set);
    },
    onReset(listener: () => void) {
      resets.add(listener);
    },
    emit(channel: string, key: string) {
      for (const listener of byChannel.get(channel) ?? []) listener(key);
    },
    reset() {
      for (const listener of resets) listener();
    },
  };
}

export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  const listeners = listenerSet();
  let listening: Promise<void> | undefined;
  const unsubscribes: (() => Promise<void>)[] = [];
  return {
    on: listeners.on,
    onReset: listeners.onReset,
    barrier() {
      listening ??= Promise.all(
        CHANNELS.map((channel) =>
          client.listen(channel, (payload) => listeners.emit(channel, payload)),
        ),
      ).then((stops) => {
        unsubscribes.push(...stops);
      });
      return listening;
    },
    async close() {
      if (client.closed) return;
      await Promise.all(unsubscribes.map((stop) => stop().catch(() => undefined)));
    },
  };
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export function poolChangeFeed(
  config: pg.ClientConfig,
  onConnectionLost: (error: Error) => void = () => undefined,
): ChangeFeed {
  const listeners = listenerSet();
  let connection: Promise<pg.Client> | undefined;
  let isClosed = false;
  let reconnectDelayMs = 0;
  let reconnectAt = 0;

  const connect = async () => {
    if (Date.now() < reconnectAt) throw new Error('The change feed is reconnecting.');
    const client = new pg.Client({ ...config, application_name: 'billow-changes' });
    const drop = () => {
      if (connection === attempt) {
        connection = undefined;
        listeners.reset();
      }
      client.end().catch(() => undefined);
    };
    client.on('notification', (message) => listeners.emit(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      onConnectionLost(error);
      drop();
    });
    client.on('end', drop);
    const attempt = (async () => {
      await client.connect();
      await client.query(CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
      return client;
    })();
    connection = attempt;
    try {
      const connected = await attempt;
      reconnectDelayMs = 0;
      return connected;
    } catch (error) {
      drop();
      reconnectDelayMs = Math.min(
        RECONNECT_MAX_MS,
        reconnectDelayMs === 0 ? RECONNECT_FIRST_MS : reconnectDelayMs * 2,
      );
      reconnectAt = Date.now() + reconnectDelayMs;
      throw error;
    }
  };

  // One round trip answers everyone waiting when it was sent; those who arrive during it wait
  // for the next, since a change they just committed may not be covered by the one in flight.
  // Those who arrive before it is sent (reads asked at once, in one tick) share it: one wait.
  let inFlight: Promise<void> | undefined;
  let isSent = false;
  let next: Promise<void> | undefined;
  const roundTrip = async () => {
    if (isClosed) throw new Error('The change feed is closed.');
    const client = await (connection ?? connect());
    isSent = true;
    await client.query('SELECT 1');
  };
  const barrier = (): Promise<void> => {
    if (!inFlight) {
      isSent = false;
      inFlight = roundTrip().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    }
    if (!isSent) return inFlight;
    next ??= inFlight
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return barrier();
      });
    return next;
  };

  return {
    on: listeners.on,
    onReset: listeners.onReset,
    barrier,
    async close() {
      isClosed = true;
      const current = connection;
      connection = undefined;
      const client = await current?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
