/**
 * Card info: what is known of a payment card's brand, issuer and reward programme. No screen or route of Billow reads a card yet: bank linking brings accounts, not cards.
 * The shape is here so that whatever first carries card details speaks it, not a variant of it.
 */
import { z } from 'zod';

export const cardInfo = z.object({
  brand: z.string(),
  country: z.string(),
  display_brand: z.string(),
  funding: z.string(),
  issuer: z.string(),
  issuerId: z.string(),
  issuerCardBrandName: z.string(),
  rewardTier: z.string().optional(),
  rewardType: z.string().optional(),
  headlineRewardValue: z.number().optional(),
  averageRewardValue: z.number().optional(),
});
export type CardInfo = z.infer<typeof cardInfo>;
