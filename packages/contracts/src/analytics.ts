/**
 * First-party product analytics (docs/privacy.md, "Analytics events"): named events only, with an
 * anonymous id and no personal data. The server refuses properties that name personal data.
 */
import { z } from 'zod';
import { defineRoute } from './route';
import { text } from './text';

export const analyticsEventName = z.enum([
  'page_view',
  'user_signup',
  'bank_linking_completed',
  'bank_linking_started',
  'signup_get_started',
  'signup_merchant_selected',
  'signup_estimate_entered',
  'signup_savings_viewed',
  'signup_cta_clicked',
  'landing_get_started',
  'sign_in_code_sent',
  'sign_in_completed',
  'settings_onboarding_completed',
  'account_linking_info_next',
  'modal_opened',
  'ads_conversion',
]);
export type AnalyticsEventName = z.infer<typeof analyticsEventName>;

/** Property keys that would carry personal data; refused wherever they appear. */
export const PERSONAL_PROPERTY_KEYS = [
  'phone',
  'phone_number',
  'phonenumber',
  'email',
  'name',
  'legal_name',
  'user_legal_name',
  'first_name',
  'last_name',
  'amount',
  'estimated_amount',
  'estimatedamount',
  'token',
  'code',
  'address',
] as const;

const propertyValue = z.union([text().max(200), z.number(), z.boolean(), z.null()]);

export const analyticsProperties = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), propertyValue)
  .refine((properties) => Object.keys(properties).length <= 20, {
    message: 'At most 20 properties',
  })
  .refine(
    (properties) =>
      !Object.keys(properties).some((key) =>
        (PERSONAL_PROPERTY_KEYS as readonly string[]).includes(key.toLowerCase()),
      ),
    { message: 'Personal data is not allowed in analytics properties' },
  );

export const analyticsEvent = z.object({
  name: analyticsEventName,
  anonymousId: z.string().uuid(),
  occurredAt: z.iso.datetime().optional(),
  path: text().max(300).regex(/^\//).optional(),
  properties: analyticsProperties.optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;

export const ANALYTICS_SOURCE = 'billow-web';

export const analyticsRoutes = {
  track: defineRoute({
    method: 'POST',
    path: '/api/analytics/events',
    auth: false,
    body: z.object({ events: z.array(analyticsEvent).min(1).max(25) }),
    response: z.object({ accepted: z.number().int() }),
  }),
} as const;
