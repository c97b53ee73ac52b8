import type { HistoryParams } from './queries';

/** What /credits shows first: the newest movements, page 1 (the screen's first state, the loader's prefetch). */
export const FIRST_HISTORY_PAGE: HistoryParams = { page: 1, sort: 'occurredAt', order: 'desc' };
