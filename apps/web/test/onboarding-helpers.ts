/**
 * What the onboarding tests read back: the analytics events a screen recorded (tests mock
 * `@/lib/analytics`), each checked against the contract that refuses personal data.
 */
import { vi } from 'vitest';
import { analyticsProperties } from '@billow/contracts';
import { track } from '@/lib/analytics';

export type TrackedEvent = { name: string; properties?: Record<string, unknown> };

export function trackedEvents(): TrackedEvent[] {
  return vi.mocked(track).mock.calls.map(([name, properties]) => {
    if (properties) analyticsProperties.parse(properties);
    return properties ? { name, properties } : { name };
  });
}

export function trackedNames(): string[] {
  return trackedEvents().map((event) => event.name);
}
