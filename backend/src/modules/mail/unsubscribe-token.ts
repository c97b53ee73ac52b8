import type { MailCategory } from '@fp/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: the address and category, signed with the app's secret, so the
 * link works without signing in and cannot be made for someone else's address.
 */
export function unsubscribeToken(secret: string, email: string, category: MailCategory): string {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), c: category })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { email: string; category: MailCategory } | null {
  const [payload, sig] = token.split('.');
  if (!payload || !sig) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { e, c } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof e === 'string' && (c === 'notification' || c === 'account') ? { email: e, category: c } : null;
  } catch {
    return null;
  }
}

const sign = (secret: string, payload: string) => createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');
