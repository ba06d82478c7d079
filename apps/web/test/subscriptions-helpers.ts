/** Subscriptions shaped by the contract, with overrides for what a test is about. */
import type { Subscription, SubscriptionTransaction } from '@billow/contracts';

let nextId = 1;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: uuid(nextId++),
    merchant_name: 'Netflix',
    merchant_website_url: 'netflix.com',
    amount: 15.49,
    currency: 'USD',
    status: 'ACTIVE',
    cadence: 'MONTHLY',
    renewal_date: '2026-12-04',
    payment_method: 'Chase •••• 4242',
    cancel_date: null,
    is_billow_managed: false,
    user_marked_not_subscription: false,
    category: 'streaming',
    days_until_due: 3,
    normalized_monthly_amount: 15.49,
    is_atomic_manage_eligible: false,
    reward_credit: 0,
    evidence: [],
    is_price_increase: false,
    previous_amount: null,
    confidence: 0.9,
    is_user_added: false,
    ...overrides,
  };
}

export function aPayment(
  subscription: Pick<Subscription, 'id' | 'merchant_name'>,
  overrides: Partial<SubscriptionTransaction> = {},
): SubscriptionTransaction {
  return {
    subscription_id: subscription.id,
    transaction_id: `tx-${nextId++}`,
    amount: 15.49,
    currency: 'USD',
    date: '2026-11-04',
    description: `${subscription.merchant_name.toUpperCase()} PAYMENT`,
    merchant_name: subscription.merchant_name,
    ...overrides,
  };
}

/** `count` monthly payments on the 3rd, newest first, starting in the month `from`. */
export function monthlyPayments(
  subscription: Pick<Subscription, 'id' | 'merchant_name'>,
  count: number,
  from: { year: number; month: number },
): SubscriptionTransaction[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(from.year, from.month - 1 - i, 3);
    const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-03`;
    return aPayment(subscription, { date: iso, amount: 10 + i });
  });
}
