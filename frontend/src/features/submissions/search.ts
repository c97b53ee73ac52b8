import { z } from 'zod';
import { textValue } from '../../lib/url-search';
import type { SubmissionTab } from './queries';

/**
 * /submissions?tab=failed&answer=<id>: All (the default) and unknown tabs leave the address
 * plain; `answer` is a paused run whose questions open at once (the e-mail's and the banner's link).
 */
const LINKED_TABS = ['processing', 'completed', 'failed'] as const satisfies readonly SubmissionTab[];
const submissionsSearchSchema = z.object({
  tab: z.enum(LINKED_TABS).optional().catch(undefined),
  answer: textValue.pipe(z.string().min(1).max(100)).optional().catch(undefined),
});
type SubmissionsSearch = z.output<typeof submissionsSearchSchema>;

export const validateSubmissionsSearch = (raw: Record<string, unknown>): SubmissionsSearch =>
  submissionsSearchSchema.parse(raw);

export const submissionsTab = (s: SubmissionsSearch): SubmissionTab => s.tab ?? 'all';
