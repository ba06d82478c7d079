/**
 * A provider kind (texts, email, bank data, …) as the configuration sees it: the environment
 * variables it reads, the config slice it makes of them, and whether that slice is a sandbox
 * adapter (which production refuses). Each kind keeps this in its own folder
 * (`providers/<kind>/<kind>.config.ts`); config.ts only lists the kinds, so adding one is a folder
 * and a line.
 */
import type { z } from 'zod';

export type SharedSettings = {
  publicUrl: string;
  /** Annual plans are paid through Plaid Transfer: bank links must ask for it (docs/payments.md). */
  isPlaidTransferUsed: boolean;
};

type ProviderKind<Env extends z.ZodRawShape, Slice> = {
  env: Env;
  /** The slice, or the problems that keep the settings from making one (each naming its key). */
  read(env: z.output<z.ZodObject<Env>>, shared: SharedSettings): Slice | { problems: string[] };
  /** Production refuses sandbox adapters: the problem to report when this slice is one. */
  sandboxRefusal(slice: Slice): string | undefined;
};

export function defineProviderKind<Env extends z.ZodRawShape, Slice>(
  kind: ProviderKind<Env, Slice>,
): ProviderKind<Env, Slice> {
  return kind;
}

export const sandboxRefused = (key: string, value: string, alternative: string) =>
  `${key}: "${value}" is a sandbox provider, refused when APP_ENV=production; use ${alternative}`;

export const requiredWhen = (key: string, condition: string) =>
  `${key}: Required when ${condition}`;
