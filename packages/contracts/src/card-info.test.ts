import { describe, expect, it } from 'vitest';
import { cardInfo, merchantReward } from './index';

const aCard = {
  brand: 'visa',
  country: 'US',
  display_brand: 'Visa',
  funding: 'credit',
  issuer: 'Chase',
  issuerId: 'chase',
  issuerCardBrandName: 'Sapphire Preferred',
};

describe('the card info shape', () => {
  it('has the brand and issuer fields, and four optional reward ones', () => {
    expect(cardInfo.parse(aCard)).toEqual(aCard);
    const withRewards = {
      ...aCard,
      rewardTier: 'premium',
      rewardType: 'POINTS',
      headlineRewardValue: 3,
      averageRewardValue: 1.5,
    };
    expect(Object.keys(cardInfo.parse(withRewards)).sort()).toEqual(
      [
        'brand',
        'country',
        'display_brand',
        'funding',
        'issuer',
        'issuerId',
        'issuerCardBrandName',
        'rewardTier',
        'rewardType',
        'headlineRewardValue',
        'averageRewardValue',
      ].sort(),
    );
    for (const key of Object.keys(aCard))
      expect(cardInfo.safeParse({ ...aCard, [key]: undefined }).success).toBe(false);
  });
});

describe('the reward shape', () => {
  const aReward = {
    merchant_name: 'netflix',
    merchant_display_name: 'Netflix',
    merchant_website_url: 'https://netflix.com',
    reward_amount: 5,
    type: 'CASHBACK_PERCENTAGE',
    accrued_reward_value: 12.5,
  };

  it('has the merchant, amount, type and accrued value, every one required', () => {
    expect(merchantReward.parse(aReward)).toEqual(aReward);
    for (const key of Object.keys(aReward))
      expect(merchantReward.safeParse({ ...aReward, [key]: undefined }).success).toBe(false);
  });

  it('knows the six reward types and no other', () => {
    for (const type of [
      'CASHBACK_PERCENTAGE',
      'CASHBACK_DOLLAR_AMOUNT',
      'POINTS',
      'FREE_BILLING_CYCLE',
      'MILES',
      'OTHER',
    ])
      expect(merchantReward.safeParse({ ...aReward, type }).success).toBe(true);
    expect(merchantReward.safeParse({ ...aReward, type: 'CASHBACK' }).success).toBe(false);
  });
});
