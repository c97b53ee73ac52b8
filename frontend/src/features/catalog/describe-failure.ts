import { NO_TOKEN } from '../../lib/api';

/**
 * What a failed catalog action tells the founder: sign in again when the session has no token, the
 * error's own words when they explain it (by default: any words), else the fallback.
 */
export function describeFailure(
  err: unknown,
  fallback: string,
  explains: (message: string, err: unknown) => boolean = (message) => message !== '',
): string {
  const message = err instanceof Error ? err.message : '';
  if (message === NO_TOKEN) return 'Authentication required. Please sign in again.';
  return explains(message, err) ? message : fallback;
}
