/**
 * The call agent's settings: the simulated representative (sandbox), Vapi (real phone calls),
 * or none. `stepMs` paces the simulated call so its stages can be watched; `retryDelaySeconds` is
 * the first back-off of a retryable call error (doubling per attempt).
 */
import { z } from 'zod';
import { defineProviderKind, requiredWhen, sandboxRefused } from '../provider-kind';
import type { VapiConfig } from './call-agent.vapi';

type Shared = { stepMs: number; retryDelaySeconds: number };

export type CallConfig = Shared &
  ({ provider: 'simulated' | 'none' } | ({ provider: 'vapi' } & VapiConfig));

export const VAPI_WEBHOOK_PATH = '/api/vapi/webhook';

export const callProviderKind = defineProviderKind({
  env: {
    CALL_PROVIDER: z.enum(['simulated', 'vapi', 'none']).default('simulated'),
    SIMULATED_CALL_STEP_MS: z.coerce.number().int().min(0).max(10_000).default(700),
    CALL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    VAPI_API_KEY: z.string().min(10).optional(),
    VAPI_PHONE_NUMBER_ID: z.string().min(1).optional(),
    VAPI_WEBHOOK_SECRET: z.string().min(32, 'Must be at least 32 characters').optional(),
    VAPI_WEBHOOK_URL: z.url().optional(),
    VAPI_MODEL: z.string().min(1).default('gpt-4o'),
    VAPI_API_BASE_URL: z.url().optional(),
  },
  read(e, shared): CallConfig | { problems: string[] } {
    const common = {
      stepMs: e.SIMULATED_CALL_STEP_MS,
      retryDelaySeconds: e.CALL_RETRY_DELAY_SECONDS,
    };
    if (e.CALL_PROVIDER !== 'vapi') return { provider: e.CALL_PROVIDER, ...common };
    const when = 'CALL_PROVIDER=vapi';
    const problems: string[] = [];
    if (!e.VAPI_API_KEY) problems.push(requiredWhen('VAPI_API_KEY', when));
    if (!e.VAPI_PHONE_NUMBER_ID) problems.push(requiredWhen('VAPI_PHONE_NUMBER_ID', when));
    if (!e.VAPI_WEBHOOK_SECRET) problems.push(requiredWhen('VAPI_WEBHOOK_SECRET', when));
    if (problems.length > 0) return { problems };
    return {
      provider: 'vapi',
      ...common,
      apiKey: e.VAPI_API_KEY!,
      phoneNumberId: e.VAPI_PHONE_NUMBER_ID!,
      webhookSecret: e.VAPI_WEBHOOK_SECRET!,
      webhookUrl: e.VAPI_WEBHOOK_URL ?? `${shared.publicUrl}${VAPI_WEBHOOK_PATH}`,
      apiBaseUrl: e.VAPI_API_BASE_URL,
      model: e.VAPI_MODEL,
    };
  },
  sandboxRefusal: (slice) =>
    slice.provider === 'simulated'
      ? sandboxRefused('CALL_PROVIDER', 'simulated', 'vapi (or none)')
      : undefined,
});
