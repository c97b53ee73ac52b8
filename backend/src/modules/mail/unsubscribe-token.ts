import type { MailCategory } from '@fp/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A narrower list inside a category (one founder's investor updates) and the sender's name the page shows. */
export interface MailList {
  id: string;
  name: string;
}

/**
 * The unsubscribe link's token: the address and category (and list, if any), signed with the app's
 * secret, so the link works without signing in and cannot be made for someone else's address.
 */
export function unsubscribeToken(
  secret: string,
  email: string,
  category: MailCategory,
  list?: MailList | null,
): string {
  const body = list
    ? { e: email.toLowerCase(), c: category, l: list.id, n: list.name }
    : { e: email.toLowerCase(), c: category };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { email: string; category: MailCategory; list?: MailList } | null {
  const [payload, sig] = token.split('.');
  if (!payload || !sig) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { e, c, l, n } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof e !== 'string' || (c !== 'notification' && c !== 'account')) return null;
    return typeof l === 'string'
      ? { email: e, category: c, list: { id: l, name: typeof n === 'string' ? n : '' } }
      : { email: e, category: c };
  } catch {
    return null;
  }
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');
