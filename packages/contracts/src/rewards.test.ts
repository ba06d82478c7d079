import { describe, expect, it } from 'vitest';
import {
  defaultRewardOption,
  isRewardOptionAffordable,
  rewardOptions,
  rewardProgressPercent,
} from './reward-options';

describe(rewardProgressPercent.name, () => {
  it('is the balance over the target price, capped at 100 %', () => {
    expect(rewardProgressPercent(0, 15.99)).toBe(0);
    expect(rewardProgressPercent(8, 16)).toBe(50);
    expect(rewardProgressPercent(15.99, 15.99)).toBe(100);
    expect(rewardProgressPercent(100, 15.99)).toBe(100);
  });
});

describe(isRewardOptionAffordable.name, () => {
  it('allows an option once the balance reaches its price, not a cent before', () => {
    expect(isRewardOptionAffordable(9.98, 9.99)).toBe(false);
    expect(isRewardOptionAffordable(9.99, 9.99)).toBe(true);
  });
});

describe('the reward options', () => {
  it('are the six fixed monthly prices, video streaming at 15.99 first and the default', () => {
    expect(rewardOptions.map((o) => o.price)).toEqual([15.99, 9.99, 52.99, 14.99, 10.99, 4]);
    expect(defaultRewardOption).toMatchObject({ name: 'Video streaming', price: 15.99 });
  });
});
