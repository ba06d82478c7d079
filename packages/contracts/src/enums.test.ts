import { describe, expect, it } from 'vitest';
import { bankingRoutes } from './banking';
import { merchantCategory } from './merchants';
import { subscription } from './subscriptions';

describe('the shapes that carry an enumeration', () => {
  it('refuses a link result status it does not know', () => {
    const response = bankingRoutes.linkResult.response;
    expect(response.safeParse({ status: 'success' }).success).toBe(true);
    expect(response.safeParse({ status: 'pending' }).success).toBe(true);
    expect(response.safeParse({ status: 'Success' }).success).toBe(false);
  });

  it('refuses a subscription category detection never assigns', () => {
    const category = subscription.shape.category;
    expect(category.safeParse('streaming').success).toBe(true);
    expect(category.safeParse('Streaming Services').success).toBe(false);
  });

  it('knows every merchant category as a subscription category', () => {
    const subscriptionCategories: readonly string[] = subscription.shape.category.options;
    for (const category of merchantCategory.options)
      expect(subscriptionCategories).toContain(category);
  });
});
