import { z } from 'zod';

const nullableText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

/** POST /api/auth/sync-user */
export const SyncUserRequest = z.strictObject({
  id: z.string().min(1).max(200),
  email: z.string().trim().email('Please enter a valid email address').max(320),
  firstName: nullableText(100),
  lastName: nullableText(100),
  profileImageUrl: z.union([z.string().url().max(2000), z.literal(''), z.null()]).optional().transform((v) => (v ? v : null)),
});
export type SyncUserRequest = z.input<typeof SyncUserRequest>;
export const SyncUserResponse = z.object({ isNewUser: z.boolean(), creditBalance: z.number() });
export type SyncUserResponse = z.infer<typeof SyncUserResponse>;

export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** GET /api/auth/me */
export const MeResponse = z.object({ user: SessionUser, roles: z.array(z.string()) });
export type MeResponse = z.infer<typeof MeResponse>;
