import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from './change-feed';
import { CACHED_ANSWER_MAX_AGE_MS, createResponseCache } from './response-cache';

/** A change feed that is always caught up; `notify` is a trigger's notification. */
function quietFeed() {
  const listeners: ((key: string) => void)[] = [];
  const feed: ChangeFeed = {
    on: (_channel, listener) => void listeners.push(listener),
    onReset: () => undefined,
    barrier: async () => undefined,
    close: async () => undefined,
  };
  return { feed, notify: (key: string) => listeners.forEach((listener) => listener(key)) };
}

describe(createResponseCache.name, () => {
  it('reads again once an answer is a minute old, for the changes no trigger tells of', async () => {
    const { feed } = quietFeed();
    let clock = 0;
    const answers = createResponseCache<{ name: string }>(feed, 'billow_user_data', {
      max: 10,
      now: () => clock,
    });
    let row = 'Netflix';
    const load = async () => ({ name: row });
    expect(await answers.get('ada', load)).toEqual({ name: 'Netflix' });
    // Changed with triggers off (a restore, logical replication) or by TRUNCATE: no notification.
    row = 'Netflix Premium';
    clock += CACHED_ANSWER_MAX_AGE_MS - 1;
    expect(await answers.get('ada', load)).toEqual({ name: 'Netflix' });
    clock += 1;
    expect(await answers.get('ada', load)).toEqual({ name: 'Netflix Premium' });
  });

  it('reads again at once when a trigger tells of a change', async () => {
    const { feed, notify } = quietFeed();
    const answers = createResponseCache<{ name: string }>(feed, 'billow_user_data', {
      max: 10,
      now: () => 0,
    });
    let row = 'Spotify';
    const load = async () => ({ name: row });
    await answers.get('ada', load);
    row = 'Spotify Family';
    notify('ada');
    expect(await answers.get('ada', load)).toEqual({ name: 'Spotify Family' });
  });
});
