/**
 * Requests before jobs on the embedded database (issue 35). PGlite has one connection: its
 * statements and transactions run one after another, first come first served, so a job that
 * keeps statements queued (several jobs at once, each with a statement always waiting) makes
 * every statement of a request wait behind all of theirs. Work marked as background
 * (`inBackground`: the job system runs every job so) takes a turn of the `YieldGate` before each
 * statement or transaction: one background statement at a time, and only while no request
 * statement is waiting or running. A request statement so waits at most for the one background
 * statement or transaction under way; jobs keep their transactions short (a person at a time) to
 * keep that short. Background work overtaken by OVERTAKE_LIMIT request statements goes anyway:
 * steady traffic slows jobs, it never stops them. On a PostgreSQL server there is nothing to
 * share (a pool of connections, work spread by the server), and no gate.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it starts) as background work: it yields to requests. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** How many request statements may go before a waiting background statement goes anyway. */
export const OVERTAKE_LIMIT = 32;

export type YieldGate = {
  /** Runs one statement or transaction in its turn: requests at once, background work after them. */
  run<T>(statement: () => Promise<T>): Promise<T>;
};

export function createYieldGate(): YieldGate {
  /** Request statements waiting for the connection or running on it. */
  let requests = 0;
  /** Request statements finished so far: how far a waiting background statement was overtaken. */
  let finished = 0;
  let onRequestDone: (() => void)[] = [];
  /** The background statement in its turn (or the last one): the next waits for it. */
  let backgroundTurn: Promise<unknown> = Promise.resolve();

  const requestDone = () =>
    new Promise<void>((resolve) => {
      onRequestDone.push(resolve);
    });

  async function afterRequests() {
    const start = finished;
    while (requests > 0 && finished - start < OVERTAKE_LIMIT) {
      await requestDone();
      // One turn of the event loop: a request's next statement, sent as soon as its last one
      // answered, gets in line first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return {
    async run(statement) {
      if (background.getStore() !== true) {
        requests++;
        try {
          return await statement();
        } finally {
          requests--;
          finished++;
          const waiting = onRequestDone;
          onRequestDone = [];
          for (const resolve of waiting) resolve();
        }
      }
      const previous = backgroundTurn;
      const turn = previous.then(afterRequests).then(statement);
      // The next background statement waits for this one, however it ends.
      backgroundTurn = turn.catch(() => undefined);
      return turn;
    },
  };
}
