import { z } from 'zod';

/** GET /api/credits/balance and GET /api/credits */
export const BalanceResponse = z.object({ balance: z.number().int().min(0) });
export type BalanceResponse = z.infer<typeof BalanceResponse>;

export const INSUFFICIENT_CREDITS = 'Insufficient Credits';
