import { resolveApiUrl } from '../../lib/api';

/** Session-free account calls (the link's token is the credential); throws the server's message. */
export async function postAccount<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(resolveApiUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok)
    throw new Error(typeof data?.error === 'string' ? data.error : 'Something went wrong. Please try again.');
  return data as T;
}
