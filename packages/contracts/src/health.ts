import { z } from 'zod';
import { defineRoute } from './route';

export const healthResponse = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponse>;

export const healthRoutes = {
  check: defineRoute({ method: 'GET', path: '/api/health', auth: false, response: healthResponse }),
} as const;
