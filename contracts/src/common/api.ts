import { z } from 'zod';

/** Every 4xx/5xx answer of the API. */
export const ErrorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * Public runtime configuration for the browser (no secrets; answered to anyone, signed in or not).
 * The environment and the publishable key are for operators: GET /api/security/debug.
 */
export const PublicConfig = z.object({
  identityProvider: z.enum(['better-auth', 'supertokens']),
  bookCallUrl: z.string(),
  contactUrl: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  eventStore: z.object({ kind: z.string(), ok: z.boolean() }),
  readModels: z.object({ ok: z.boolean() }),
  projections: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      position: z.number(),
      lag: z.number(),
      error: z.string().nullable(),
    }),
  ),
});
