/**
 * A response cache: answers kept in memory until the database says their rows changed:
 * the dashboard's busiest reads are served without a query while nothing behind them moved. A
 * cached answer is served only after the change feed's barrier, so a change committed before the
 * request began (by this process or another, a request or a job) is never hidden; an answer read
 * while a change was arriving is not kept. Bounded: the least recently used answers go first, and
 * none is served once it is CACHED_ANSWER_MAX_AGE_MS old, for the changes no trigger tells of:
 * writes with triggers off (`session_replication_role = replica`, as `pg_restore
 * --disable-triggers` and logical replication apply them; `ALTER TABLE … DISABLE TRIGGER`) and
 * `TRUNCATE`.
 */
import { LRUCache } from 'lru-cache';
import type { ChangeChannel, ChangeFeed } from './change-feed';

/** The oldest a cached answer is served: what a change no trigger tells of may stay hidden. */
export const CACHED_ANSWER_MAX_AGE_MS = 60_000;

export function createResponseCache<V extends object>(
  feed: ChangeFeed,
  channel: ChangeChannel,
  options: { max: number; maxAgeMs?: number; now?: () => number },
) {
  const maxAgeMs = options.maxAgeMs ?? CACHED_ANSWER_MAX_AGE_MS;
  const now = options.now ?? (() => performance.now());
  const kept = new LRUCache<string, { answer: V; keptAt: number }>({ max: options.max });
  let changes = 0;
  feed.on(channel, (key) => {
    changes++;
    kept.delete(key);
  });
  feed.onReset(() => {
    changes++;
    kept.clear();
  });
  return {
    /**
     * The cached answer for key when it is still good (isUsable), else load()'s, kept for next
     * time when it is an answer (not undefined) and nothing changed while it was read.
     */
    async get<L extends V | undefined>(
      key: string,
      load: () => Promise<L>,
      isUsable: (answer: V) => boolean = () => true,
    ): Promise<V | L> {
      try {
        await feed.barrier();
      } catch {
        return load();
      }
      const hit = kept.get(key);
      if (hit !== undefined && now() - hit.keptAt < maxAgeMs && isUsable(hit.answer))
        return hit.answer;
      const seen = changes;
      const readAt = now();
      const answer = await load();
      if (answer !== undefined && changes === seen) kept.set(key, { answer, keptAt: readAt });
      return answer;
    },
  };
}
