import { z } from 'zod';
import { textValue } from '../../lib/url-search';

/** /ops/users?q=ada&page=2: the trimmed search and a page above 1; anything else is left out. */
const usersSearchSchema = z.object({
  q: textValue
    .transform((q) => q.trim().slice(0, 200) || undefined)
    .optional()
    .catch(undefined),
  page: z
    .preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int().min(2).max(100_000))
    .optional()
    .catch(undefined),
});
type UsersSearch = z.output<typeof usersSearchSchema>;

export const validateUsersSearch = (raw: Record<string, unknown>): UsersSearch => usersSearchSchema.parse(raw);

/** The list the screen shows for its search: everyone, page 1 by default. */
export const usersListOf = (s: UsersSearch) => ({ q: s.q ?? '', page: s.page ?? 1 });
