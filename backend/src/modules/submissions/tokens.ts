import { createHmac, timingSafeEqual } from 'node:crypto';

/** Live view and proof links stay valid this long; the list hands out fresh ones on every refresh. */
const VIEW_TOKEN_TTL_MS = 30 * 60_000;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `${secret}:submission-view`).update(payload).digest('base64url');

/**
 * A short-lived token that lets a new browser tab (which has no bearer header) watch one
 * submission's live view and see its proof screenshot: an HMAC of the submission id, its owner and
 * the expiry, keyed with the server secret. Verified against the owner recorded for the submission.
 */
export function signViewToken(
  secret: string,
  submissionId: string,
  ownerId: string,
  now: Date,
  ttlMs = VIEW_TOKEN_TTL_MS,
): string {
  // Rounded to the minute so that one list refresh hands out stable URLs (images stay cached).
  const exp = (Math.floor((now.getTime() + ttlMs) / 60_000) + 1) * 60;
  return `${exp.toString(36)}.${sign(secret, `${submissionId}.${ownerId}.${exp}`)}`;
}

export type TokenCheck = 'ok' | 'expired' | 'invalid';

export function verifyViewToken(
  secret: string,
  token: string | undefined,
  submissionId: string,
  ownerId: string,
  now: Date,
): TokenCheck {
  if (!token) return 'invalid';
  const [expText, sig] = token.split('.');
  if (!expText || !sig || !/^[0-9a-z]{1,12}$/.test(expText)) return 'invalid';
  const exp = parseInt(expText, 36);
  const expected = Buffer.from(sign(secret, `${submissionId}.${ownerId}.${exp}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return exp * 1000 < now.getTime() ? 'expired' : 'ok';
}
