/** Negotiation offers shaped by the contract, with overrides for what a test is about. */
import type { NegotiationOffer } from '@billow/contracts';

let nextId = 1;
const uuid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

export function anOffer(overrides: Partial<NegotiationOffer> = {}): NegotiationOffer {
  return {
    subscription_id: uuid(nextId++),
    service_name: 'Verizon',
    merchant_id: 1,
    current_price: 75,
    target_price: 65,
    status: 'USER_INPUT_REQUIRED',
    start_date: null,
    estimated_completion: '2026-11-23T12:00:00.000Z',
    merchant_website_url: 'verizon.com',
    logo: null,
    estimated_savings: 120,
    required_user_info: {
      account_pin: 'The 4-digit PIN on your account',
      payment_method_last_four: 'Last 4 digits of payment method',
    },
    eligibility_criteria: ['Account holder on the account'],
    rejection_reason: null,
    successful_savings: null,
    negotiated_price: null,
    savings_type: null,
    negotiated_deal_expiry: null,
    subscription_cadence: 'MONTHLY',
    is_annual_conversion_eligible: false,
    annual_plan_cost: null,
    annual_conversion_external_link: null,
    has_assigned_gift_card: false,
    is_pay_with_billow_eligible: false,
    call: null,
    ...overrides,
  };
}
