/**
 * The call agent's settings: the simulated representative (sandbox), or none. `stepMs` paces the
 * simulated call so its stages can be watched; `retryDelaySeconds` is the first back-off of a
 * retryable call error (doubling per attempt).
 */
import { z } from 'zod';
import { defineProviderKind, sandboxRefused } from '../provider-kind';

export type CallConfig = {
  provider: 'simulated' | 'none';
  stepMs: number;
  retryDelaySeconds: number;
};

export const callProviderKind = defineProviderKind({
  env: {
    CALL_PROVIDER: z.enum(['simulated', 'none']).default('simulated'),
    SIMULATED_CALL_STEP_MS: z.coerce.number().int().min(0).max(10_000).default(700),
    CALL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  },
  read(e): CallConfig {
    return {
      provider: e.CALL_PROVIDER,
      stepMs: e.SIMULATED_CALL_STEP_MS,
      retryDelaySeconds: e.CALL_RETRY_DELAY_SECONDS,
    };
  },
  sandboxRefusal: (slice) =>
    slice.provider === 'simulated'
      ? sandboxRefused('CALL_PROVIDER', 'simulated', 'none until a telephony adapter is set up')
      : undefined,
});
