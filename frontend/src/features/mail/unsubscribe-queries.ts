import { API_ROUTES } from '@fp/contracts';
import type { UnsubscribeState } from '@fp/contracts';
import { resolveApiUrl } from '../../lib/api';

const PATH = API_ROUTES.unsubscribe;

/** Session-free calls of the unsubscribe page (the e-mailed link's token is the credential); throws the server's message. */
async function call<T>(method: 'GET' | 'POST' | 'DELETE', token: string): Promise<T> {
  const res =
    method === 'GET'
      ? await fetch(resolveApiUrl(`${PATH}?token=${encodeURIComponent(token)}`), { cache: 'no-store' })
      : await fetch(resolveApiUrl(PATH), {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        });
  const data = await res.json().catch(() => ({}));
  if (!res.ok)
    throw new Error(typeof data?.error === 'string' ? data.error : 'Something went wrong. Please try again.');
  return data as T;
}

export const readOptOut = (token: string) => call<UnsubscribeState>('GET', token);
export const unsubscribe = (token: string) => call<{ unsubscribed: true; email: string }>('POST', token);
export const undoUnsubscribe = (token: string) => call<{ unsubscribed: false; email: string }>('DELETE', token);
