import { z } from 'zod';

/**
 * /credits?purchase=success: the founder is back from the checkout (the server's success address).
 * Any other value is dropped, so the page shows no notice for it.
 */
const creditsSearchSchema = z.object({ purchase: z.literal('success').optional().catch(undefined) });
type CreditsSearch = z.output<typeof creditsSearchSchema>;

export const validateCreditsSearch = (raw: Record<string, unknown>): CreditsSearch => creditsSearchSchema.parse(raw);
