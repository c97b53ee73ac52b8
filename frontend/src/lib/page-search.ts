// Screen state kept in the URL, so a reload or a shared link shows the same view. Each
// validator keeps only what it knows and drops defaults, so the plain address stays plain.

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export interface PipelineSearch {
  view?: 'table';
}
/** /pipeline?view=table (Board is the default). */
export function validatePipelineSearch(raw: Record<string, unknown>): PipelineSearch {
  return str(raw.view) === 'table' ? { view: 'table' } : {};
}

const SUBMISSION_TABS = ['all', 'processing', 'completed', 'failed'] as const;
type SubmissionsTab = (typeof SUBMISSION_TABS)[number];
export interface SubmissionsSearch {
  tab?: Exclude<SubmissionsTab, 'all'>;
  /** A paused run whose questions open at once (the e-mail's and the banner's link). */
  answer?: string;
}
/** /submissions?tab=failed&answer=<id> (All is the default). */
export function validateSubmissionsSearch(raw: Record<string, unknown>): SubmissionsSearch {
  const tab = str(raw.tab);
  const answer = str(raw.answer);
  return {
    ...(tab === 'processing' || tab === 'completed' || tab === 'failed' ? { tab } : {}),
    ...(answer && answer.length <= 100 ? { answer } : {}),
  };
}

export interface UsersSearch {
  q?: string;
  page?: number;
}
/** /ops/users?q=ada&page=2 */
export function validateUsersSearch(raw: Record<string, unknown>): UsersSearch {
  const q = str(raw.q)?.trim().slice(0, 200);
  const page = Number(str(raw.page));
  return { ...(q ? { q } : {}), ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}) };
}
